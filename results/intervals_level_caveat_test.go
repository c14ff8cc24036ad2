package results

import (
	"slices"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/bootstrap"
)

// TestSmallSampleCaveatAtAnotherLevel: the small-sample caveat spoke of "a nominal 95%
// interval" whatever the level; the coverage simulation ran at 95% only, which a 90%
// table's caveat now says, in its note and in each interval's detail. At 95% the text is
// as before.
func TestSmallSampleCaveatAtAnotherLevel(t *testing.T) {
	for _, tc := range []struct {
		level float64
		want  string
	}{
		{0.95, "Interval caveat small_sample (under 40 units, where a nominal 95% interval covered less than 0.93 in simulation, docs/coverage.md) in 1 interval: A delta."},
		{0.9, "Interval caveat small_sample (under 40 units, where a nominal 95% interval covered less than 0.93 in simulation, docs/coverage.md; the simulation was run at 95% only, not at 90%) in 1 interval: A delta."},
	} {
		ws := bootstrap.IntervalWarnings(bootstrap.Interval{Lo: 0, Hi: 0.2, Level: tc.level, Used: 1000}, 0.1, 12)
		i := slices.IndexFunc(ws, func(w bootstrap.Warning) bool { return w.Kind == bootstrap.WarnSmallSample })
		if i < 0 {
			t.Fatalf("level %g: no small_sample warning in %v", tc.level, ws)
		}
		const base = "12 resampled units, fewer than 40: the coverage of a nominal 95% interval fell below 0.93 in simulation"
		if d := ws[i].Detail; tc.level == 0.95 && d != base || tc.level != 0.95 && d != base+"; the simulation was run at 95% only, not at 90%" {
			t.Errorf("level %g: detail %q", tc.level, d)
		}
		tab := &Table{ID: "x", Columns: []Column{textCol("config", "Config"), deltaCol("delta", "Δ")}}
		iv := &Intervals{Spec: analysis.IntervalSpec{Level: tc.level, Method: "percentile", Quantile: "scipy", Unit: "cases", Resamples: 1000, Seed: 1}}
		tab.Intervals = iv
		tab.AddRow(Text("A"), iv.cell(tab, "A", "delta", analysis.Estimate{X: 0.1, Lo: 0, Hi: 0.2, Units: 12, Warnings: ws}))
		iv.finish(tab)
		if !slices.Contains(tab.Notes, tc.want) {
			t.Errorf("level %g: notes\n%s\nlack %q", tc.level, strings.Join(tab.Notes, "\n"), tc.want)
		}
	}
}
