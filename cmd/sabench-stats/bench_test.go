package main

import (
	"io"
	"path/filepath"
	"testing"
)

// BenchmarkReport is the main job end to end on the built-in release: generation (on the
// first iteration; the release is cached per process), scoring under the five presets,
// every table with 5,000-resample intervals, every figure, all files. The target: ≤ 3 s on
// 2 cores. Run it with -benchtime 1x to include the generation.
func BenchmarkReport(b *testing.B) {
	out := filepath.Join(b.TempDir(), "report")
	for b.Loop() {
		if err := run(io.Discard, io.Discard, []string{"report", "--out", out}); err != nil {
			b.Fatal(err)
		}
	}
}
