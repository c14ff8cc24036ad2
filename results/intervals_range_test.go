package results

import (
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/bootstrap"
	"github.com/sabench/sabench-stats/oracle"
)

// TestIntervalPastItsRange: a basic interval (2θ̂ − the quantiles) of a rate near 100%
// can end past it ("97.7 [95.7, 100.2]"), and of a difference past ±100 points; a table
// printed such a bound without a word. It is a caveat of its interval now, in the notes
// and the data forms; a bound inside the range is none.
func TestIntervalPastItsRange(t *testing.T) {
	o := analysis.DefaultStatOptions()
	tab := &Table{Columns: []Column{{Key: "config", Kind: KindText}, {Key: "ecs", Kind: KindPercentInterval, Decimals: 1},
		{Key: "delta", Kind: KindPercentInterval, Decimals: 1, Signed: true}}}
	iv := intervalsOf(tab, analysis.NewRelease(nil, nil, nil, oracle.SafeAct), o)
	for _, r := range []struct {
		label     string
		ecs, diff analysis.Estimate
	}{
		{"a", analysis.Estimate{X: 0.977, Lo: 0.957, Hi: 1.002, Units: 86}, analysis.Estimate{X: 0.1, Lo: -0.05, Hi: 0.2, Units: 86}},
		{"b", analysis.Estimate{X: 0.5, Lo: 0.4, Hi: 0.6, Units: 86}, analysis.Estimate{X: -0.99, Lo: -1.01, Hi: -0.9, Units: 86}},
		{"c", analysis.Estimate{X: 0.01, Lo: 0, Hi: 0.03, Units: 86}, analysis.Estimate{X: 0, Lo: -1, Hi: 1, Units: 86}},
	} {
		tab.AddRow(Text(r.label), iv.cell(tab, r.label, "ecs", r.ecs), iv.cell(tab, r.label, "delta", r.diff))
	}
	iv.finish(tab)
	var note string
	for _, n := range tab.Notes {
		if strings.HasPrefix(n, "Interval caveat out_of_range") {
			note = n
		}
	}
	if !strings.Contains(note, "in 2 intervals: a ecs; b delta.") {
		t.Errorf("notes %q lack the caveat on a ecs and b delta", tab.Notes)
	}
	var kinds []bootstrap.WarningKind
	for _, w := range iv.Warnings {
		kinds = append(kinds, w.Kind)
	}
	if len(kinds) != 2 || kinds[0] != bootstrap.WarnOutOfRange || kinds[1] != bootstrap.WarnOutOfRange {
		t.Errorf("warnings %v, want two out_of_range", iv.Warnings)
	}
}
