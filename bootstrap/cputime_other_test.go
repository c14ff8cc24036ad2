//go:build !unix

package bootstrap

// processCPU is unavailable here; benchmarks then report 0 cpu-ns/op.
func processCPU() int64 { return 0 }
