package analysis

import (
	"fmt"
	"runtime"
	"testing"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/casespec"
	"github.com/sabench/sabench-stats/ingest/synth"
	"github.com/sabench/sabench-stats/oracle"
)

// BenchmarkFirstReleaseHeap is the live heap a report's first release holds after a
// collection, per episode read (B/episode), built from the same verdicts with a record
// per episode (records: the layout without Scored.Aggregate, which the first release kept
// until it aggregated too) and with full aggregates (aggregates), on the synthetic release
// at two scales: scale S has 3S main-condition repeats per case, the other conditions a
// fixed number. Scoring is outside the measurement; run it with -benchtime 1x.
func BenchmarkFirstReleaseHeap(b *testing.B) {
	for _, scale := range []int{1, 5} {
		rel, err := synth.Generate(synth.Options{Seed: 1, Scale: scale})
		if err != nil {
			b.Fatal(err)
		}
		bench, err := casespec.NewBench("synth", rel.Cases, rel.Sets, casespec.BenchOptions{})
		if err != nil {
			b.Fatal(err)
		}
		s, err := Score(&ingest.SliceSource{Episodes: rel.Episodes}, bench.Case, ScoreOptions{Policies: []oracle.Policy{oracle.SafeAct}, Workers: 2})
		if err != nil {
			b.Fatal(err)
		}
		n := len(rel.Episodes)
		rel.Episodes, rel.Intended = nil, nil
		build := func(aggregate bool) *ScoredRelease {
			return NewScoredRelease("bench", bench, &Scored{Policies: s.Policies, Verdicts: s.Verdicts, Counts: s.Counts, Aggregate: aggregate}, nil)
		}
		build(false) // fills the process-wide label tables, which neither measurement counts
		for _, aggregate := range []bool{false, true} {
			name := map[bool]string{false: "records", true: "aggregates"}[aggregate]
			b.Run(fmt.Sprintf("scale=%d/%s", scale, name), func(b *testing.B) {
				var held int64
				for b.Loop() {
					held = heapHeld(func() any { return build(aggregate) })
				}
				b.ReportMetric(float64(held)/float64(n), "B/episode")
				b.ReportMetric(float64(n), "episodes")
			})
		}
	}
}

// heapHeld is the live heap (after a collection) that what build returns holds.
func heapHeld(build func() any) int64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	x := build()
	runtime.GC()
	runtime.ReadMemStats(&after)
	runtime.KeepAlive(x)
	return int64(after.HeapAlloc) - int64(before.HeapAlloc)
}
