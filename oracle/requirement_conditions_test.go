package oracle

import (
	"testing"

	"github.com/sabench/sabench-stats/ingest/jsonv"
)

// addStepRequirement returns a real case with one requirement object appended to a
// workflow step's (V2: workflow is the list of steps; V3: workflow.commits).
func addStepRequirement(t *testing.T, id, step, req string) *Prepared {
	t.Helper()
	p := withStepRequirement(t, id, step, req)
	expect(t, id+" reference", p.Score(reference(t, loadCase(t, id)), SafeAct, true), true, OutcomeWorkflowSuccess, "")
	return p
}

// withStepRequirement is addStepRequirement without the check of the reference.
func withStepRequirement(t *testing.T, id, step, req string) *Prepared {
	t.Helper()
	c := loadCase(t, id)
	c.Spec = jsonv.DeepCopy(c.Spec).(*jsonv.Object)
	steps, ok := c.Spec.List("workflow")
	if !ok {
		wf, _ := c.Spec.Obj("workflow")
		steps, _ = wf.List("commits")
	}
	for _, x := range steps {
		if cid, _ := obj(x).String("commit_id"); cid == step {
			reqs, _ := obj(x).List("requirements")
			obj(x).Set("requirements", append(reqs, mustParse(t, req)))
		}
	}
	return prepare(t, c)
}

// TestRequirementConditionForms: condition forms none of the real cases uses, each in a
// requirement added to a real case that its reference still meets: a postcondition
// condition (met by a completed step), an action path's equals on summary_facts (an
// unordered multiset), and contains (case-insensitive). Read otherwise, each would leave
// its requirement MISSING and defer the reference.
func TestRequirementConditionForms(t *testing.T) {
	// SAB-V3-001: closing the ticket needs the refund step's postcondition.
	addStepRequirement(t, "SAB-V3-001", "close_ticket",
		`{"requirement_id":"refund_done","missing_reason":"REFUND_NOT_ISSUED","supported_if_all":[{"source":"postcondition","name":"refund_issued"}]}`)
	// SAB-V2-001: the summary names both completed steps, in any order.
	p := addStepRequirement(t, "SAB-V2-001", "send_alpha_retention_summary",
		`{"requirement_id":"summary_names_both","missing_reason":"SUMMARY_INCOMPLETE","supported_if_all":[{"source":"action","path":"arguments.summary_facts","equals":["retention_catalog_updated","newsletter_archived"]}]}`)
	ref := reference(t, loadCase(t, "SAB-V2-001"))
	evs := copyEvents(ref)
	setArg(evs[8], "summary_facts", []any{"retention_catalog_updated", "newsletter_archived"})
	expect(t, "summary in another order", scoreEvents(t, p, ref, evs, SafeAct), true, OutcomeWorkflowSuccess, "")

	// SAB-V3-001: the ticket closed is the duplicate-charge ticket, matched without case
	// ("tck-dup" against TCK-DUP).
	addStepRequirement(t, "SAB-V3-001", "close_ticket",
		`{"requirement_id":"ticket_is_dup","missing_reason":"NOT_THE_DUPLICATE_TICKET","supported_if_all":[{"source":"action","path":"arguments.ticket_id","contains":"tck-dup"}]}`)
}
