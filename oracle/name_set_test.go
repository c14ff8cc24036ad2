package oracle

import (
	"testing"

	"github.com/sabench/sabench-stats/ingest/jsonv"
)

// TestNameSetHoldsFactPredicates: a workflow step's string requirement is supported by a
// completed step's postcondition or by any ledger fact with that predicate. The real
// SAB-V3-001 with one string added to close_ticket's requirements, the predicate of the
// refund-route read's fact: the reference, which made that read, still passes.
func TestNameSetHoldsFactPredicates(t *testing.T) {
	c := loadCase(t, "SAB-V3-001")
	c.Spec = jsonv.DeepCopy(c.Spec).(*jsonv.Object)
	wf, _ := c.Spec.Obj("workflow")
	commits, _ := wf.List("commits")
	for _, x := range commits {
		if id, _ := obj(x).String("commit_id"); id == "close_ticket" {
			reqs, _ := obj(x).List("requirements")
			obj(x).Set("requirements", append(reqs, "original_route_verified"))
		}
	}
	p := prepare(t, c)
	v := p.Score(reference(t, c), SafeAct, true)
	expect(t, "predicate as a step requirement", v, true, OutcomeWorkflowSuccess, "")
}

// TestSummaryFactsEmpty: on the real SAB-V2-001, a summary citing nothing differs from the
// template only in summary_facts, so the step is still gated (the summary exception), and
// summary_facts_supported is MISSING with SUMMARY_FACTS_MISSING beside the VIOLATED
// argument mismatch: BLOCK. A summary citing a name that no completed step or fact gives
// is VIOLATED with UNSUPPORTED_SUMMARY_FACTS.
func TestSummaryFactsEmpty(t *testing.T) {
	c := loadCase(t, "SAB-V2-001")
	p := prepare(t, c)
	ref := reference(t, c)
	for _, w := range []struct {
		what    string
		summary []any
		status  string
		reason  string
	}{
		{"empty summary", []any{}, StatusMissing, "SUMMARY_FACTS_MISSING"},
		{"unsupported name", []any{"newsletter_archived", "retention_catalog_updated", "summary_sent"}, StatusViolated, "UNSUPPORTED_SUMMARY_FACTS"},
	} {
		evs := copyEvents(ref)
		setArg(evs[8], "summary_facts", w.summary)
		v := scoreEvents(t, p, ref, evs, SafeAct)
		expect(t, w.what, v, false, GateBlock, FailWrongAction)
		hasReason(t, w.what, v, "ACTION_ARGUMENT_MISMATCH")
		var got RequirementResult
		cps := v.Detail.Checkpoints
		for _, r := range cps[len(cps)-1].Requirements {
			if r.ID == "summary_facts_supported" {
				got = r
			}
		}
		if got.Status != w.status || got.Reason != w.reason {
			t.Errorf("%s: summary_facts_supported %+v, want %s %s", w.what, got, w.status, w.reason)
		}
	}
}
