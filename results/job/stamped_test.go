package job

import (
	"testing"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/results"
	"github.com/sabench/sabench-stats/results/render"
)

// TestTablesStamped: the tables Tables, Domains, Compare and Power returned carried no
// provenance (Meta nil) and, built from the built-in release, no SYNTHETIC mark: the
// command line stamped them itself before writing, so a Go caller rendering them printed
// synthetic numbers unmarked. Every method that returns tables of a release now stamps
// them, and stamping again (as WriteDir did) adds no second mark.
func TestTablesStamped(t *testing.T) {
	o := Defaults()
	o.Stats.Resamples = 0
	o.Choices = analysis.PaperChoices()
	if err := o.Check(); err != nil {
		t.Fatal(err)
	}
	r, err := o.Release(Scoring{MainOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	t2, err := results.Lookup("T2")
	if err != nil {
		t.Fatal(err)
	}
	check := func(what string, ts []*results.Table, err error) {
		t.Helper()
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		for _, tb := range ts {
			if tb.Meta == nil || !tb.Meta.Synthetic || len(tb.Notes) < 2 || tb.Notes[0] != analysis.SyntheticMark || tb.Notes[1] == analysis.SyntheticMark {
				t.Errorf("%s: table %s: meta %v, notes %q; want the provenance and the SYNTHETIC mark once, first", what, tb.ID, tb.Meta, tb.Notes)
			}
		}
	}
	ts, err := o.Tables(r, []results.Spec{t2})
	check("Tables", ts, err)
	ts, err = o.Domains(r, analysis.DomainFilter{})
	check("Domains", ts, err)
	spec := analysis.CompareSpec{A: "Claude-5/Claude Code", B: "Claude-5/Inspect"}
	cp, err := o.Compare(r, spec)
	if err != nil {
		t.Fatal(err)
	}
	check("Compare", cp.Tables, nil)
	if _, err := cp.WriteDir(&o, r, t.TempDir(), render.FormatText, render.RenderOptions{}); err != nil {
		t.Fatal(err)
	}
	check("Compare after WriteDir", cp.Tables, nil)
	ts, err = o.Power(r, analysis.PowerSpec{Compare: spec, Alpha: 0.05, Power: 0.8})
	check("Power", ts, err)
}
