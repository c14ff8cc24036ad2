package analysis

import (
	"fmt"
	"runtime"
	"slices"
	"testing"

	"github.com/sabench/sabench-stats/bootstrap"
)

// BenchmarkRepeatIntervals is what T3's intervals (DiagnoseCI) and the variance table's
// spreads (RepeatSpreads) allocate per call (MB-alloc/op), from the repeat sums (sums) and
// from the units × repeats columns they replaced (columns, the reference in
// repeat_sums_test.go): one configuration's columns are live together, so for them it is
// about the peak too.
// The release is the built-in one's two first configurations with their main records
// copied into 10× and 100× its repeats (30 and 300) and kept as full aggregates, as a
// report keeps them; 200 resamples, since the draws do not change what is held.
func BenchmarkRepeatIntervals(b *testing.B) {
	base := builtinRelease(b)
	for _, times := range []int{10, 100} {
		r, reps := repeatedRelease(base, times)
		vs := r.Main()
		o := DefaultStatOptions()
		o.Resamples, o.Workers = 200, 1
		rows, err := r.RepeatVariation(vs, []int{1, 2, 3}, bootstrap.PassKPlanned, Executable)
		if err != nil {
			b.Fatal(err)
		}
		for _, way := range []string{"columns", "sums"} {
			diag, spreads := r.DiagnoseCI, r.RepeatSpreads
			if way == "columns" {
				diag, spreads = r.diagnoseCIRef, r.repeatSpreadsRef
			}
			b.Run(fmt.Sprintf("repeats=%d/DiagnoseCI/%s", reps, way), func(b *testing.B) {
				measureAlloc(b, func() error { _, err := diag(vs, o); return err })
			})
			b.Run(fmt.Sprintf("repeats=%d/RepeatSpreads/%s", reps, way), func(b *testing.B) {
				measureAlloc(b, func() error { _, err := spreads(vs, rows, o, Executable); return err })
			})
		}
	}
}

// measureAlloc reports f's allocation per call in MB.
func measureAlloc(b *testing.B, f func() error) {
	var before, after runtime.MemStats
	total := 0.0
	for b.Loop() {
		runtime.ReadMemStats(&before)
		if err := f(); err != nil {
			b.Fatal(err)
		}
		runtime.ReadMemStats(&after)
		total += float64(after.TotalAlloc - before.TotalAlloc)
	}
	b.ReportMetric(total/float64(b.N)/1e6, "MB-alloc/op")
}

// repeatedRelease is base's two first configurations with their main records copied into
// times × its repeats, kept as full aggregates as a report keeps them, and its repeats.
func repeatedRelease(base *Release, times int) (*Release, int) {
	keep := base.Configs()[:2]
	var recs []Record
	maxRep := int32(0)
	for _, v := range base.Main() {
		if slices.Contains(keep, v.Config()) {
			recs = append(recs, v)
			maxRep = max(maxRep, v.repeat)
		}
	}
	in := &releaseInput{agg: newAggregator(true)}
	for k := range int32(times) {
		for i := range recs {
			x := recs[i]
			x.repeat += k * (maxRep + 1)
			in.agg.add(&x)
		}
	}
	return newRelease(base.Cases, base.Sets, in, base.Policy), int(maxRep+1) * times
}
