package results_test

import (
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/oracle"
)

// TestT2NamesUnrankedConfigs: a configuration whose main-condition episodes were all
// excluded, and one that ran only the strategy condition, have no ECS; T2 left them out
// without a word. It now names them, by the note the policy tables give such
// configurations.
func TestT2NamesUnrankedConfigs(t *testing.T) {
	cases, sets, vs := fixtureVerdicts(t)
	for _, c := range cases[:10] {
		vs = append(vs, oracle.Fields{Config: "M3/Family", Model: "M3", Harness: "Family", CaseID: c.ID, BaseCaseID: c.ID,
			Protocol: c.Protocol, Domain: c.Domain, Condition: "main", Status: "harness_failure", Excluded: true,
			ExclusionReason: "harness_failure", FirstAttemptIndex: -1, Official: -1}.Verdict())
		vs = append(vs, oracle.Fields{Config: "M4/Family", Model: "M4", Harness: "Family", CaseID: c.ID, BaseCaseID: c.ID,
			Protocol: c.Protocol, Domain: c.Domain, Condition: "scgr_eg", Status: "completed", Static: c.Protocol == ingest.Legacy,
			ECS: true, FirstAttemptIndex: -1, Official: -1}.Verdict())
	}
	r := analysis.NewRelease(cases, sets, vs, oracle.SafeAct)
	tb := buildOne(t, r, "T2", goldenStats())
	if len(tb.Rows) != 4 {
		t.Errorf("T2 has %d rows, want the 4 scored configurations", len(tb.Rows))
	}
	for _, row := range tb.Rows {
		if c := row.Cells[0].Str(); c == "M3/Family" || c == "M4/Family" {
			t.Errorf("T2 has a row for %s, which has no scored main-condition episodes", c)
		}
	}
	const want = "Left out of the table and its ranks: M3/Family; M4/Family (no scored main-condition episodes)."
	if !strings.Contains(strings.Join(tb.Notes, "\n"), want) {
		t.Errorf("T2 notes lack %q:\n%s", want, strings.Join(tb.Notes, "\n"))
	}
}
