package oracle

import (
	"slices"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/casespec"
)

// benchWorkload is a mixed V0–V3 (and Legacy) workload built from the real cases: each
// reference episode and one failing variant of it.
func benchWorkload(b testing.TB) ([]*Prepared, []*ingest.Episode) {
	var preps []*Prepared
	var eps []*ingest.Episode
	for _, id := range allCaseIDs(b) {
		c := loadCase(b, id)
		p := prepare(b, c)
		ref := reference(b, c)
		preps = append(preps, p, p)
		eps = append(eps, ref)
		bad := *ref
		bad.Record = ref.Record.DeepCopy()
		if l, ok := bad.Record.List("events"); ok && len(l) > 1 {
			bad.Record.Set("events", l[1:]) // drop the first read
		} else {
			bad.Record.Set("decision", "block")
		}
		eps = append(eps, &bad)
	}
	return preps, eps
}

// BenchmarkScore is the headline scoring benchmark: the built-in release's own episodes
// (34,147, every protocol, outcome and exclusion in the release's proportions, with the
// generator's ledgers and requirements) under one policy (safeact) on one core, taken in
// a stride through the release. Episodes per CPU second.
func BenchmarkScore(b *testing.B) {
	ps, eps := releaseWorkload(b)
	benchScoreOne(b, ps, eps, 7919)
}

// BenchmarkScoreByCase is BenchmarkScore with the episodes taken case by case (each
// case's episodes together, in release order within the case) instead of in a stride
// through the release. The release lists every configuration's episodes across all cases,
// so in its order (which report scores in) consecutive episodes are of different cases
// and each episode meets its case's prepared data cold; this benchmark shows what that
// costs (docs/scoring-speed.md).
func BenchmarkScoreByCase(b *testing.B) {
	ps, eps := releaseWorkload(b)
	idx := make([]int, len(eps))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(i, j int) int { return strings.Compare(ps[i].c.ID, ps[j].c.ID) })
	byPs, byEps := make([]*Prepared, len(eps)), make([]*ingest.Episode, len(eps))
	for k, i := range idx {
		byPs[k], byEps[k] = ps[i], eps[i]
	}
	benchScoreOne(b, byPs, byEps, 1)
}

// BenchmarkScoreReferenceCases scores the real cases' reference episodes and a failing
// variant of each (benchWorkload): shorter records than a release's, so it overstates
// the rate scoring reaches on a release (several times over); kept to show by how much.
func BenchmarkScoreReferenceCases(b *testing.B) {
	preps, eps := benchWorkload(b)
	benchScoreOne(b, preps, eps, 1)
}

// benchScoreOne scores eps[j] with preps[j] under safeact, j stepping by stride, and
// reports episodes per second and per CPU second.
func benchScoreOne(b *testing.B, preps []*Prepared, eps []*ingest.Episode, stride int) {
	for j := range eps { // warm the per-case caches, as a release's many episodes per case do
		v := preps[j].Score(eps[j], SafeAct, false)
		v.Release()
	}
	b.ReportAllocs()
	b.ResetTimer()
	cpu0 := processCPU()
	n := 0
	for i := 0; i < b.N; i++ {
		j := (i * stride) % len(eps)
		// Released as a stream releases it: kept, every run id and usage would stay in the
		// process-wide tables, which would grow with b.N.
		v := preps[j].Score(eps[j], SafeAct, false)
		v.Release()
		n++
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "episodes/s")
	// CPU time includes the garbage collector's background work, a real cost of scoring.
	if cpu := processCPU() - cpu0; cpu > 0 {
		b.ReportMetric(float64(cpu)/float64(n), "cpu-ns/op")
		b.ReportMetric(float64(n)/(float64(cpu)/1e9), "episodes/cpu-s")
	}
}

// BenchmarkPrepare measures compiling a case.
func BenchmarkPrepare(b *testing.B) {
	var cases []*casespec.Case
	for _, id := range allCaseIDs(b) {
		cases = append(cases, loadCase(b, id))
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := Prepare(cases[i%len(cases)]); err != nil {
			b.Fatal(err)
		}
	}
}

// Scoring is safe for concurrent use: parallel results equal sequential ones.
func TestConcurrentScore(t *testing.T) {
	preps, eps := benchWorkload(t)
	want := make([]Verdict, len(eps))
	for i := range eps {
		want[i] = preps[i].Score(eps[i], SafeAct, false)
	}
	done := make(chan bool)
	for g := 0; g < 4; g++ {
		go func() {
			ok := true
			for r := 0; r < 20; r++ {
				for i := range eps {
					if v := preps[i].Score(eps[i], SafeAct, false); v.Fields() != want[i].Fields() {
						ok = false
					}
				}
			}
			done <- ok
		}()
	}
	for g := 0; g < 4; g++ {
		if !<-done {
			t.Error("a concurrent verdict differs from the sequential one")
		}
	}
}
