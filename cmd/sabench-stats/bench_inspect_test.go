package main

import (
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"testing"
)

// BenchmarkInspectScore measures what reading Inspect logs costs: `score` on the release
// written by `synth --format inspect --scale N` (N from SABENCH_BENCH_SCALE, default 1),
// once from its .eval logs and once from its runs.jsonl, in the same run. It reports the
// process CPU seconds per sample of each path (bench loading, reading, scoring and writing
// the verdicts; the bench and the verdicts are the same for both) and their ratio,
// inspect-cpu/jsonl-cpu. Writing the release is setup, not measured, and so is a first
// scoring of each. Run it with -benchtime=1x: one iteration is two whole scorings.
func BenchmarkInspectScore(b *testing.B) {
	scale := 1
	if s := os.Getenv("SABENCH_BENCH_SCALE"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 {
			b.Fatalf("SABENCH_BENCH_SCALE=%q: want a positive integer", s)
		}
		scale = n
	}
	d := filepath.Join(b.TempDir(), "rel")
	if err := run(io.Discard, io.Discard, []string{"synth", "--format", "inspect", "--scale", strconv.Itoa(scale), "--out", d}); err != nil {
		b.Fatal(err)
	}
	// Episodes of the release, for the per-sample figures: one sample per episode.
	samples := 34147 + 19680*(scale-1)
	inputs := [2][]string{{"--inspect", d}, {"--runs", filepath.Join(d, "runs.jsonl")}}
	score := func(in []string) {
		args := append([]string{"score", "--bench", d, "--format", "jsonl", "-j", "1"}, in...)
		if err := run(io.Discard, io.Discard, args); err != nil {
			b.Fatal(err)
		}
	}
	// The first scoring in a process fills what later ones reuse (the oracle's interned
	// tables and hashes): each path is run once untimed first, so that neither is timed
	// cold (the second path timed would otherwise look cheaper by a third).
	for _, in := range inputs {
		score(in)
	}
	var cpu [2]int64
	for b.Loop() {
		for i, in := range inputs {
			runtime.GC()
			start := processCPU()
			score(in)
			cpu[i] += processCPU() - start
		}
	}
	if cpu[0] > 0 && cpu[1] > 0 {
		per := func(ns int64) float64 { return float64(ns) / 1e9 / float64(samples*b.N) }
		b.ReportMetric(per(cpu[0])*1e6, "inspect-cpu-µs/sample")
		b.ReportMetric(per(cpu[1])*1e6, "jsonl-cpu-µs/sample")
		b.ReportMetric(float64(cpu[0])/float64(cpu[1]), "inspect/jsonl-cpu")
	}
}
