package results

import (
	"math"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/bootstrap"
)

// TestIntervalCaveatNotes checks that caveats become one note per kind naming the cells
// (render tests the per-row CSV values).
func TestIntervalCaveatNotes(t *testing.T) {
	tab := &Table{ID: "x", Columns: []Column{textCol("config", "Config"), deltaCol("delta", "Δ")}}
	iv := &Intervals{Spec: analysis.IntervalSpec{Level: 0.95, Method: "bca", Quantile: "scipy", Unit: "cases", Resamples: 1000, Seed: 1}}
	tab.Intervals = iv
	deg := analysis.Estimate{X: 0.1, Lo: math.NaN(), Hi: math.NaN(), Warnings: []bootstrap.Warning{{Kind: bootstrap.WarnDegenerate, Detail: "all equal"}}}
	fb := analysis.Estimate{X: 0.1, Lo: 0, Hi: 0.2, Warnings: []bootstrap.Warning{{Kind: bootstrap.WarnBCaFallback, Detail: "undefined"}}}
	tab.AddRow(Text("A"), iv.cell(tab, "A", "delta", deg))
	tab.AddRow(Text("B"), iv.cell(tab, "B", "delta", fb))
	tab.AddRow(Text("C"), iv.cell(tab, "C", "delta", fb))
	iv.finish(tab)
	want := []string{
		"Intervals: 95% BCa (percentile where undefined), scipy quantiles; 1000 bootstrap resamples of cases, seed 1.",
		"Interval caveat bca_fallback (BCa undefined, the percentile interval is shown) in 2 intervals: B delta; C delta.",
		"Interval caveat degenerate (every resample gives the same value: no interval, shown empty) in 1 interval: A delta.",
	}
	if strings.Join(tab.Notes, "\n") != strings.Join(want, "\n") {
		t.Errorf("notes:\n%s\nwant:\n%s", strings.Join(tab.Notes, "\n"), strings.Join(want, "\n"))
	}
}
