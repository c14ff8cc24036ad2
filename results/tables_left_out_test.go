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

// TestHarnessTablesNameTheUnpaired: with M2/Inspect dropped, M2/Family has no shared-harness
// configuration to pair with, and T4 and the disagreement table showed M1 alone without
// a word of M2.
func TestHarnessTablesNameTheUnpaired(t *testing.T) {
	cases, sets, all := fixtureVerdicts(t)
	var vs []oracle.Verdict
	for _, v := range all {
		if v.Config() != "M2/Inspect" {
			vs = append(vs, v)
		}
	}
	r := analysis.NewRelease(cases, sets, vs, oracle.SafeAct)
	if got := r.Unpaired(analysis.PaperChoices()); !slices.Equal(got, []string{"M2/Family"}) {
		t.Fatalf("unpaired %q, want [M2/Family]", got)
	}
	o := goldenStats()
	o.Resamples = 0
	want := "Left out of the table: M2/Family (no pair of a configuration with the shared harness Inspect and another of the same model)."
	for _, id := range []string{"T4", "disagreement"} {
		tb := buildOne(t, r, id, o)
		if !slices.Contains(tb.Notes, want) {
			t.Errorf("%s notes lack %q:\n%s", id, want, strings.Join(tb.Notes, "\n"))
		}
		if n := strings.Join(buildOne(t, fixtureRelease(t), id, o).Notes, "\n"); strings.Contains(n, "Left out") {
			t.Errorf("%s of the complete fixture leaves out:\n%s", id, n)
		}
	}
}
