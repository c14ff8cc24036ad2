package oracle

import (
	"testing"

	"github.com/sabench/sabench-stats/ingest/jsonv"
)

// TestUnapprovedTemplate: a workflow step's payload policy refuses a template_id outside
// allowed_templates with the terminal outcome UNAPPROVED_TEMPLATE, after the action
// matched its step. The real SAB-V2-001 with its summary step's template_id made an
// authoring placeholder (any bound value matches it; the one thing changed): the reference,
// which sends the approved template, still passes; another template fails at that step.
func TestUnapprovedTemplate(t *testing.T) {
	c := loadCase(t, "SAB-V2-001")
	c.Spec = jsonv.DeepCopy(c.Spec).(*jsonv.Object)
	steps, _ := c.Spec.List("workflow")
	args, _ := obj(steps[2]).Obj("arguments")
	args.Set("template_id", "$template_id")
	p := prepare(t, c)
	ref := reference(t, c)
	expect(t, "reference", p.Score(ref, SafeAct, true), true, OutcomeWorkflowSuccess, "")

	evs := copyEvents(ref)
	setArg(evs[8], "template_id", "alpha_retention_summary_v2")
	v := scoreEvents(t, p, ref, evs, SafeAct)
	expect(t, "another template", v, false, "UNAPPROVED_TEMPLATE", FailWrongAction)
	if v.ExecutedCommits() != 2 || BrokeAt(v) != 8 {
		t.Errorf("another template: %d steps executed, broke at %d; want 2, 8", v.ExecutedCommits(), BrokeAt(v))
	}
}
