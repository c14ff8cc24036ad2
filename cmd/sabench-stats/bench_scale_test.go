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
// in the CLI. It reports the largest live heap after a collection (peak-live-B), and with
// SABENCH_PEAK_HEAP_PROFILE=FILE writes the heap profile there at that peak
// (go tool pprof -sample_index=inuse_space FILE): what a report holds at its peak, which the
// end-of-run -memprofile does not show.
func BenchmarkReportRelease(b *testing.B) {
	dir := os.Getenv("SABENCH_BENCH_RELEASE")
	if dir == "" {
		b.Skip("SABENCH_BENCH_RELEASE is not set")
	}
	out := filepath.Join(b.TempDir(), "report")
	args := []string{"report", "--bench", dir, "--runs", filepath.Join(dir, "runs.jsonl"), "--out", out}
	peak := watchPeakHeap(os.Getenv("SABENCH_PEAK_HEAP_PROFILE"))
	for b.Loop() {
		if err := run(io.Discard, io.Discard, args); err != nil {
			b.Fatal(err)
		}
	}
	peak.finish(b)
}
