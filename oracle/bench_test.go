package oracle

import (
	"testing"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/jsonv"
)

// benchWorkload is a mixed V0–V3 (and Legacy) workload built from the real cases: each
// reference episode and one failing variant of it.
func benchWorkload(b *testing.B) ([]*Prepared, []*ingest.Episode) {
	var preps []*Prepared
	var eps []*ingest.Episode
	for _, id := range allCaseIDs(b) {
		c := loadCase(b, id)
		p := prepare(b, c)
		ref := reference(b, c)
		preps = append(preps, p, p)
		eps = append(eps, ref)
		bad := *ref
		bad.Record = jsonv.DeepCopy(ref.Record).(*jsonv.Object)
		if l, ok := bad.Record.List("events"); ok && len(l) > 1 {
			bad.Record.Set("events", l[1:]) // drop the first read
		} else {
			bad.Record.Set("decision", "block")
		}
		eps = append(eps, &bad)
	}
	return preps, eps
}

// BenchmarkScore reports episodes/s on one core for the mixed workload.
func BenchmarkScore(b *testing.B) {
	preps, eps := benchWorkload(b)
	b.ReportAllocs()
	b.ResetTimer()
	n := 0
	for i := 0; i < b.N; i++ {
		j := i % len(eps)
		v := preps[j].Score(eps[j], SafeAct, false)
		if v.Excluded {
			b.Fatal("excluded")
		}
		n++
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "episodes/s")
}

// BenchmarkPrepare measures compiling a case.
func BenchmarkPrepare(b *testing.B) {
	var cases []*ingest.Case
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
