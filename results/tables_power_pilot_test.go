package results_test

import (
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/ingest/casespec"
	"github.com/sabench/sabench-stats/oracle"
	"github.com/sabench/sabench-stats/results"
)

// TestPowerNoteCountsPilotTemplates: the pilot note printed the pilot's templates beside
// the whole release's cluster count, "2 templates (template_id 4)" for a pilot on some of
// the cases; the release's count now says it is the release's.
func TestPowerNoteCountsPilotTemplates(t *testing.T) {
	r := fewerCasesRelease(t)
	p, err := r.Power(analysis.PowerSpec{Compare: analysis.CompareSpec{A: "M3/Family", B: "M1/Family", Condition: "main"}, Alpha: 0.05, Power: 0.8}, goldenStats())
	if err != nil {
		t.Fatal(err)
	}
	notes := strings.Join(results.BuildPower(p, "").Notes, "\n")
	all := p.ClusterBy
	want := "templates (the whole release's clusters: " + all + ")"
	if !strings.Contains(notes, want) {
		t.Errorf("power notes lack %q:\n%s", want, notes)
	}
}

// TestPowerNamesClustersThatAreNoTemplates: a bench without template ids (its clusters
// from shared rules or records, or each case its own) was planned with "4 templates" and a
// "template clusters" row, counts of templates the bench does not have; the plan now says
// clusters, as the intervals do.
func TestPowerNamesClustersThatAreNoTemplates(t *testing.T) {
	cases, sets, vs := fixtureVerdicts(t)
	for _, c := range cases {
		c.ClusterRule = casespec.ClusterDerived
	}
	r := analysis.NewRelease(cases, sets, vs, oracle.SafeAct)
	p, err := r.Power(analysis.PowerSpec{Compare: analysis.CompareSpec{A: "M1/Family", B: "M2/Family", Condition: "main"}, Alpha: 0.05, Power: 0.8}, goldenStats())
	if err != nil {
		t.Fatal(err)
	}
	tb := results.BuildPower(p, "")
	notes := strings.Join(tb.Notes, "\n")
	want := "4 clusters (the whole release's clusters: 4 clusters by derived), size-weighted mean cluster size"
	if !strings.Contains(notes, want) || strings.Contains(notes, " templates (") {
		t.Errorf("power notes:\n%s\nwant %q", notes, want)
	}
	if len(tb.Rows) != 2 || tb.Rows[1].Cells[0].Str() != "clusters" {
		t.Errorf("rows %v, want a second row of clusters", tb.Rows)
	}
}
