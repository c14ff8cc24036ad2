package casespec

import (
	"os"
	"testing"
)

// BenchmarkLoadBench loads the checkout at $SABENCH_BENCH_RELEASE (a `synth --out`
// release, say), as every command that takes --bench does first.
func BenchmarkLoadBench(b *testing.B) {
	dir := os.Getenv("SABENCH_BENCH_RELEASE")
	if dir == "" {
		b.Skip("SABENCH_BENCH_RELEASE names no release")
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := LoadBench(dir, BenchOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}
