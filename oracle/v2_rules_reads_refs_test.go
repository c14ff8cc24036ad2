package oracle

import "testing"

// TestV2RulesModeAndReferences: one-thing-wrong variants of the real SAB-V2-001 (evidence
// rules, no frozen deltas; reads 0–5, steps at 6, 7, 8).
//   - A read whose resolution the evaluator accepts takes its facts from the resolved
//     arguments, and the resolution covers the required read.
//   - Every "result:" string is checked, also where the template has a plain value: one
//     without a field is INVALID_PRIOR_RESULT_REFERENCE.
//   - A valid reference to a completed step that is not the one the template expects is
//     INVALID_PRIOR_RESULT_REFERENCE, not an argument mismatch.
func TestV2RulesModeAndReferences(t *testing.T) {
	c := loadCase(t, "SAB-V2-001")
	p := prepare(t, c)
	ref := reference(t, c)
	for _, w := range []struct {
		what             string
		edit             func(evs []any)
		ecs              bool
		outcome, failure string
	}{
		{"resolved read", func(evs []any) {
			obj(evs[0]).Set("arguments", mustParse(t, `{}`))
			obj(evs[0]).Set("resolved_arguments", mustParse(t, `{"email_id":"email_alpha_newsletter"}`))
		}, true, OutcomeWorkflowSuccess, ""},
		{"reference without a field where a plain value is expected", func(evs []any) {
			setArg(evs[6], "email_id", "result:archive_alpha_newsletter")
		}, false, OutcomeReference, FailBrokenDep},
		{"valid reference to another step's field", func(evs []any) {
			setArg(evs[8], "slots.catalog_entry_id", "result:archive_alpha_newsletter.archive_id")
		}, false, OutcomeReference, FailBrokenDep},
	} {
		evs := copyEvents(ref)
		w.edit(evs)
		v := scoreEvents(t, p, ref, evs, SafeAct)
		expect(t, w.what, v, w.ecs, w.outcome, w.failure)
	}
}
