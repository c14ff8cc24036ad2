package view

import (
	"io"
	"os"
	"testing"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/source"
	"github.com/sabench/sabench-stats/oracle"
)

// BenchmarkCollectorAdd measures encoding the built-in release's episodes for the viewer
// (every preset, the main one with detail), as report does while it scores; the scoring
// is done once, outside the loop. With SABENCH_BENCH_RELEASE set to a bench directory
// (sabench-stats synth), it encodes that bench's episodes instead: at synth --scale 10 the
// per-case dictionaries no longer fit in cache, as in report on a large release.
func BenchmarkCollectorAdd(b *testing.B) {
	name := source.Builtin
	if dir := os.Getenv("SABENCH_BENCH_RELEASE"); dir != "" {
		name = dir
	}
	in, err := source.Open(source.Options{Bench: name})
	if err != nil {
		b.Fatal(err)
	}
	bench := in.Bench
	st, err := in.Open()
	if err != nil {
		b.Fatal(err)
	}
	var eps []*ingest.Episode
	for {
		ep, err := st.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			b.Fatal(err)
		}
		eps = append(eps, ep)
	}
	if err := st.Close(); err != nil {
		b.Fatal(err)
	}
	var pols []oracle.Policy
	for _, n := range oracle.PresetNames() {
		p, _ := oracle.LookupPolicies([]string{n})
		pols = append(pols, p...)
	}
	type batch struct {
		eps []*ingest.Episode
		vs  [][]oracle.Verdict
	}
	var batches []batch
	keep := func(e []*ingest.Episode, vs [][]oracle.Verdict) error {
		cp := make([][]oracle.Verdict, len(vs))
		for i := range vs {
			cp[i] = append([]oracle.Verdict(nil), vs[i]...)
		}
		batches = append(batches, batch{e, cp})
		return nil
	}
	if _, err := analysis.Score(&ingest.SliceSource{Episodes: eps}, bench.Case, analysis.ScoreOptions{Policies: pols, Workers: 2, Each: keep, DetailFirst: true}); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		col, err := NewCollector(bench.Cases, pols)
		if err != nil {
			b.Fatal(err)
		}
		for _, bt := range batches {
			if err := col.Add(bt.eps, bt.vs); err != nil {
				b.Fatal(err)
			}
		}
		if err := col.Finish(); err != nil {
			b.Fatal(err)
		}
		col.e.sp.close()
	}
	b.ReportMetric(float64(len(eps)*b.N)/b.Elapsed().Seconds(), "episodes/s")
}
