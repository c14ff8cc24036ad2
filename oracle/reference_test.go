package oracle

import (
	"testing"

	"github.com/sabench/sabench-stats/ingest"
)

// Every real case's reference solution must pass under safeact (the release's
// VALIDATION.json reports 656/656 reference replays passing).
func TestReferenceEpisodesPass(t *testing.T) {
	want := map[ingest.Protocol]string{ingest.Legacy: "", ingest.V0: OutcomeNoAction, ingest.V1: OutcomeTaskSuccess,
		ingest.V2: OutcomeWorkflowSuccess, ingest.V3: OutcomeWorkflowSuccess}
	for _, id := range allCaseIDs(t) {
		t.Run(id, func(t *testing.T) {
			c := loadCase(t, id)
			p := prepare(t, c)
			ep := reference(t, c)
			v := p.Score(ep, SafeAct, true)
			outcome := want[c.Protocol]
			if c.Protocol == ingest.Legacy {
				outcome = "ALLOW" // SAB-L-001's gold decision
			}
			expect(t, id, v, true, outcome, "")
			if len(v.Detail.ContractErrors) != 0 {
				t.Errorf("%s: contract errors %v", id, v.Detail.ContractErrors)
			}
			if v.Excluded || v.Policy != "safeact" || v.PolicyHash != SafeAct.Hash() || v.Model != "reference" {
				t.Errorf("%s: identity fields %+v", id, v)
			}
		})
	}
}
