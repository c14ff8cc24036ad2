package results_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/oracle"
)

// TestStaticAndInterventionTablesNameWhomTheyLeaveOut: with M2/Inspect's static judgments
// and intervention episodes dropped, T9, T10 and interventions listed the other three
// configurations and said nothing of the fourth, where T2, T13 and the policy tables name
// what they leave out.
func TestStaticAndInterventionTablesNameWhomTheyLeaveOut(t *testing.T) {
	cases, sets, all := fixtureVerdicts(t)
	var vs []oracle.Verdict
	for _, v := range all {
		if v.Config() == "M2/Inspect" && (v.Condition() == "static" || v.Condition() == "withheld") {
			continue
		}
		vs = append(vs, v)
	}
	r := analysis.NewRelease(cases, sets, vs, oracle.SafeAct)
	o := goldenStats()
	o.Resamples = 0
	for id, want := range map[string]string{
		"T9":            "Left out of the table: M2/Inspect (no static judgments on the set's cases).",
		"T10":           "Left out of the table: M2/Inspect (no static judgments on the set's cases).",
		"interventions": "Left out of the table: M2/Inspect (no episodes of an intervention condition).",
	} {
		tb := buildOne(t, r, id, o)
		if !slices.Contains(tb.Notes, want) {
			t.Errorf("%s notes lack %q:\n%s", id, want, strings.Join(tb.Notes, "\n"))
		}
		if n := strings.Join(buildOne(t, fixtureRelease(t), id, o).Notes, "\n"); strings.Contains(n, "Left out") {
			t.Errorf("%s of the complete fixture leaves out:\n%s", id, n)
		}
	}
}
