package results_test

import (
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/casespec"
	"github.com/sabench/sabench-stats/oracle"
)

// TestT2NotesMacrosOverFewerCells: on the ten real cases, a configuration whose V2 and V3
// episodes were all excluded (harness failures) has a P-M over Legacy, V0 and V1 only,
// though T2 shows all five protocol columns. The note says so, as it does for D-M over
// the bench's domains, also when no configuration scored V2 or V3.
func TestT2NotesMacrosOverFewerCells(t *testing.T) {
	var cases []*casespec.Case
	var vs []oracle.Verdict
	for _, id := range realIDs {
		c := realCase(t, id)
		cases = append(cases, c)
		x := oracle.Fields{RunID: "A|" + id, Config: "A/h", Model: "A", Harness: "h", CaseID: id, BaseCaseID: id,
			Protocol: c.Protocol, Domain: c.Domain, Condition: "main", Status: "completed", ECS: true,
			Static: c.Protocol == ingest.Legacy, FirstAttemptIndex: -1, Official: -1}
		if c.Protocol >= ingest.V2 {
			x.Status, x.Excluded, x.ExclusionReason, x.ECS = "harness_failure", true, "harness_failure", false
		}
		vs = append(vs, x.Verdict())
	}
	r := analysis.NewRelease(cases, nil, vs, oracle.SafeAct)
	o := goldenStats()
	o.Resamples = 0
	notes := strings.Join(buildOne(t, r, "T2", o).Notes, "\n")
	const want = "Incomplete P-M: A/h averages 3 of 5 protocols (no episodes on V2, V3)."
	if !strings.Contains(notes, want) {
		t.Errorf("T2 notes lack %q:\n%s", want, notes)
	}
	// healthcare_operations_agent has only SAB-V2-016 among the ten.
	if !strings.Contains(notes, "Incomplete D-M: A/h averages 3 of 4 domains (no episodes on healthcare_operations_agent).") {
		t.Errorf("T2 notes lack the D-M note:\n%s", notes)
	}
}
