package main

import (
	"io"
	"os"
	"path/filepath"
	"testing"
)

// BenchmarkReportRelease runs report on the release written by `synth --out DIR` (DIR from
// SABENCH_BENCH_RELEASE; skipped without it), so that .ci/bench's scale mode can take CPU and
// heap profiles of the report job (go test -cpuprofile/-memprofile) without profiling flags
// in the CLI.
func BenchmarkReportRelease(b *testing.B) {
	dir := os.Getenv("SABENCH_BENCH_RELEASE")
	if dir == "" {
		b.Skip("SABENCH_BENCH_RELEASE is not set")
	}
	out := filepath.Join(b.TempDir(), "report")
	args := []string{"report", "--bench", dir, "--runs", filepath.Join(dir, "runs.jsonl"), "--out", out}
	for b.Loop() {
		if err := run(io.Discard, io.Discard, args); err != nil {
			b.Fatal(err)
		}
	}
}
