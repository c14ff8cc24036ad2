package results_test

import (
	"slices"
	"testing"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/oracle"
	"github.com/sabench/sabench-stats/results"
)

// TestT4ArmsShareOneDraw: with M1/Inspect's episodes a copy of M1/Family's, T4's two
// Complete columns are one rate on the same paired cases and must have one interval. Each
// arm drew its own, so the same data gave two (55.6 [37.0, 74.1] against 55.6 [29.6, 74.1]
// here), under a note that said the arms share a draw.
func TestT4ArmsShareOneDraw(t *testing.T) {
	cases, sets, all := fixtureVerdicts(t)
	var vs []oracle.Verdict
	for i := range all {
		v := &all[i]
		switch {
		case v.Config() == "M1/Inspect":
		case v.Config() == "M1/Family":
			f := v.Fields()
			f.Config, f.Harness = "M1/Inspect", "Inspect"
			vs = append(vs, *v, f.Verdict())
		default:
			vs = append(vs, *v)
		}
	}
	tb := buildOne(t, analysis.NewRelease(cases, sets, vs, oracle.SafeAct), "T4", goldenStats())
	col := func(key string) int {
		return slices.IndexFunc(tb.Columns, func(c results.Column) bool { return c.Key == key })
	}
	fam, sh := col("complete_family"), col("complete_shared")
	for _, row := range tb.Rows {
		if row.Cells[0].Str() != "M1" {
			continue
		}
		a, b := row.Cells[fam], row.Cells[sh]
		if a.X() != b.X() || a.Lo() != b.Lo() || a.Hi() != b.Hi() {
			t.Errorf("M1's Complete on the same episodes: family %v [%v, %v], shared %v [%v, %v]", a.X(), a.Lo(), a.Hi(), b.X(), b.Lo(), b.Hi())
		}
		return
	}
	t.Fatal("T4 has no row of M1")
}
