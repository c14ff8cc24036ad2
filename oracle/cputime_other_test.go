//go:build !unix

package oracle

// processCPU is unavailable here; the benchmark then reports 0 CPU metrics.
func processCPU() int64 { return 0 }
