package oracle

import (
	"testing"
)

// τ-bench's transfer_to_human_agents hands the conversation to a human agent; the domain's
// rules call it neither a read nor a write ("other", as think and calculate), and the
// ingested record an INFO_CALL. The chain shows it as the rules' kind, not as a read, and
// the verdict is the same with or without it shown so.
func TestExplainShowsOtherToolsByTheirKind(t *testing.T) {
	prep, eps, cases := tauAirlineCases(t)
	ep := eps[[2]int{30, 0}] // ends with a transfer
	p := prep[ep.CaseID]
	pol := tauPolicy(t, "tau-strict")
	x := Explain(cases[ep.CaseID], ep, pol, p.Score(ep, pol, true))
	kinds := map[string]string{}
	for _, e := range x.Chain {
		if e.Tool != "" {
			kinds[e.Tool] = e.Kind
		}
	}
	if kinds["transfer_to_human_agents"] != "other" || kinds["get_reservation_details"] != "read" {
		t.Errorf("chain kinds %v: want transfer_to_human_agents other, get_reservation_details read", kinds)
	}
}
