package analysis

import (
	"slices"
	"testing"

	"github.com/sabench/sabench-stats/ingest"
)

// BenchmarkTableScans is the per-verdict work of the report's statistics on the built-in
// release (every condition), by cases and by clusters: T2's summary intervals, the
// domain cells' intervals, T4, T9/T10 and the interventions on every case set, T13/T14,
// the rank sets and the summaries. With zero resamples it times the passes over the
// verdicts that build each statistic's per-unit sums, not the bootstrap; on one core.
func BenchmarkTableScans(b *testing.B) {
	r := builtinRelease(b)
	sets := make([]string, 0, len(r.Sets))
	for s := range r.Sets {
		sets = append(sets, s)
	}
	slices.Sort(sets)
	o := DefaultStatOptions()
	o.Resamples, o.Workers = 0, 1
	c0 := processCPU()
	for b.Loop() {
		for _, clustered := range []bool{false, true} {
			o.Clustered = clustered
			if _, err := r.summaryIntervals(o); err != nil {
				b.Fatal(err)
			}
			if _, _, _, err := r.DomainIntervals(DomainFilter{}, o); err != nil {
				b.Fatal(err)
			}
			if _, err := r.HarnessComparison(PaperChoices(), o); err != nil {
				b.Fatal(err)
			}
			for _, s := range sets {
				if _, _, _, err := r.StaticVsInteractive(s, "T9", o); err != nil {
					b.Fatal(err)
				}
				if _, _, err := r.Interventions(s, o); err != nil {
					b.Fatal(err)
				}
			}
			if _, _, err := r.StrategyComparison("scgr_select", false, o); err != nil {
				b.Fatal(err)
			}
			if _, err := r.RankSets(o); err != nil {
				b.Fatal(err)
			}
			r.Summarize(r.Main(), Executable)
			r.DomainCells(DomainFilter{Protocols: []ingest.Protocol{ingest.V1}})
		}
	}
	b.ReportMetric(float64(processCPU()-c0)/float64(b.N), "cpu-ns/op")
}
