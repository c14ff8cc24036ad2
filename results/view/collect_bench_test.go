package view

import (
	"io"
	"os"
	"runtime"
	"testing"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/source"
	"github.com/sabench/sabench-stats/oracle"
)

// benchInput is the built-in release, or with SABENCH_BENCH_RELEASE set to a bench
// directory (sabench-stats synth) that bench.
func benchInput(b *testing.B) *source.Input {
	name := source.Builtin
	if dir := os.Getenv("SABENCH_BENCH_RELEASE"); dir != "" {
		name = dir
	}
	in, err := source.Open(source.Options{Bench: name})
	if err != nil {
		b.Fatal(err)
	}
	return in
}

// benchEpisodes reads benchInput's episodes, with every preset policy.
func benchEpisodes(b *testing.B) (*source.Input, []*ingest.Episode, []oracle.Policy) {
	in := benchInput(b)
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
	return in, eps, benchPolicies()
}

// benchPolicies is every preset policy, as report scores them.
func benchPolicies() []oracle.Policy {
	var pols []oracle.Policy
	for _, n := range oracle.PresetNames() {
		p, _ := oracle.LookupPolicies([]string{n})
		pols = append(pols, p...)
	}
	return pols
}

// BenchmarkCollectorAdd measures encoding the built-in release's episodes for the viewer
// (every preset, the main one with detail), as report does while it scores; the scoring
// is done once, outside the loop. With SABENCH_BENCH_RELEASE set to a bench directory
// (sabench-stats synth), it encodes that bench's episodes instead: at synth --scale 10 the
// per-case dictionaries no longer fit in cache, as in report on a large release.
func BenchmarkCollectorAdd(b *testing.B) {
	in, eps, pols := benchEpisodes(b)
	bench := in.Bench
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

// BenchmarkCollectorHeld measures what the viewer holds once every episode is encoded, as
// report holds it while its tables are built: the live heap after a collection, with the
// Collector finished and the input closed, minus the live heap before it was made, in
// bytes per episode and in all. The episodes stream from the input, as in report, and a
// first pass scores them without a Collector, so that the process-wide tables scoring
// fills (the oracle's, the records' labels) are not counted. The spool's in-memory budget
// (4 MiB) is part of it, and reported apart (spool-MB: its streams' buffers, which fill
// and empty with each spill, whatever the size). Run at two sizes (SABENCH_BENCH_RELEASE,
// synth --scale 1 and 5), it says what still grows with the episodes: held MB less
// spool MB grows by the difference.
func BenchmarkCollectorHeld(b *testing.B) {
	in := benchInput(b)
	pols := benchPolicies()
	score := func(each func([]*ingest.Episode, [][]oracle.Verdict) error) int {
		st, err := in.Open()
		if err != nil {
			b.Fatal(err)
		}
		s, err := analysis.Score(st, in.Bench.Case, analysis.ScoreOptions{Policies: pols, Workers: 2, Each: each, DetailFirst: true, Records: true, Aggregate: true})
		if err != nil {
			b.Fatal(err)
		}
		if err := st.Close(); err != nil {
			b.Fatal(err)
		}
		return s.Counts.Read
	}
	score(func([]*ingest.Episode, [][]oracle.Verdict) error { return nil })
	var held, spooled uint64
	var n int
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		base := liveHeap()
		col, err := NewCollector(in.Bench.Cases, pols)
		if err != nil {
			b.Fatal(err)
		}
		n = score(col.Add)
		if err := col.Finish(); err != nil {
			b.Fatal(err)
		}
		held = liveHeap() - base
		spooled = 0
		for _, s := range col.e.sp.streams {
			spooled += uint64(cap(s.buf))
		}
		col.e.sp.close()
	}
	b.ReportMetric(float64(held)/float64(n), "held-B/episode")
	b.ReportMetric(float64(held)/1e6, "held-MB")
	b.ReportMetric(float64(spooled)/1e6, "spool-MB")
	b.ReportMetric(float64(n), "episodes")
}

// liveHeap is the heap in use after a full collection.
func liveHeap() uint64 {
	var m runtime.MemStats
	runtime.GC()
	runtime.GC()
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}
