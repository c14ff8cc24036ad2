//go:build !unix

package main

// processCPU is unavailable here; the benchmark then reports no CPU metrics.
func processCPU() int64 { return 0 }
