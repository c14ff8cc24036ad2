package oracle

import (
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/ingest/jsonv"
)

// TestV3SpecErrors: a V3 spec error ends the evaluation before the walk, with the code of
// the first error as the outcome (a workflow whose type is not dag: SPEC_INVALID_WORKFLOW).
// The real SAB-V3-001, its reference unchanged, with one thing of the case changed: the
// workflow's type, or the notice made to depend on the ticket's closing (a chain, which a
// V3 DAG may not be).
func TestV3SpecErrors(t *testing.T) {
	for _, w := range []struct {
		what, code string
		edit       func(wf *jsonv.Object)
	}{
		{"workflow type linear", "SPEC_INVALID_WORKFLOW", func(wf *jsonv.Object) { wf.Set("type", "linear") }},
		{"a chain", "SPEC_INVALID_LINEAR_V3", func(wf *jsonv.Object) {
			commits, _ := wf.List("commits")
			for _, x := range commits {
				if id, _ := obj(x).String("commit_id"); id == "send_refund_notice" {
					obj(x).Set("depends_on", []any{"close_ticket"})
				}
			}
		}},
	} {
		c := loadCase(t, "SAB-V3-001")
		ref := reference(t, c)
		c.Spec = jsonv.DeepCopy(c.Spec).(*jsonv.Object)
		wf, _ := c.Spec.Obj("workflow")
		w.edit(wf)
		p := prepare(t, c)
		v := p.Score(ref, SafeAct, true)
		expect(t, w.what, v, false, w.code, FailContract)
		if v.ExecutedCommits() != 0 || len(v.Detail.Checkpoints) != 0 {
			t.Errorf("%s: %d steps executed, %d gates; the walk should not start", w.what, v.ExecutedCommits(), len(v.Detail.Checkpoints))
		}
		if len(v.Detail.ContractErrors) == 0 || !strings.HasPrefix(v.Detail.ContractErrors[0], w.code+":") {
			t.Errorf("%s: contract errors %v, want the first to be %s", w.what, v.Detail.ContractErrors, w.code)
		}
	}
}
