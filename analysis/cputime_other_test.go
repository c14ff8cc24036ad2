//go:build !unix

package analysis

// processCPU is unavailable here (no getrusage); the benchmarks then report 0 CPU metrics.
func processCPU() int64 { return 0 }
