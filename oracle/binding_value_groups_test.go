package oracle

import "testing"

// TestPolicyBindingValueInactiveKeepsBinding: docs/policies.md, binding `value`: "in
// supported_if_all conditions, an {"action_arg": …} value matches any value (the key must
// still be present) …; violated_if_any and inactive_if_any keep their binding". SAB-V3-001's
// close_ticket step gets a requirement no fact supports, inactive when a fact about the
// action's ticket is verified: no fact's subject_id is TCK-DUP, so under every binding the
// requirement is MISSING and the step defers. Read with value binding's relaxation, the
// inactive group would hold (the fact about payment:ch_dup_002 has a subject_id) and the
// reference would pass.
func TestPolicyBindingValueInactiveKeepsBinding(t *testing.T) {
	p := withStepRequirement(t, "SAB-V3-001", "close_ticket", `{"requirement_id":"never_met","missing_reason":"NEVER_MET",
		"inactive_if_any":[{"all":[{"source":"fact","predicate":"duplicate_charge_verified","subject_id":{"action_arg":"ticket_id"}}],"reason":"TICKET_VERIFIED"}],
		"supported_if_all":[{"source":"fact","predicate":"no_such_fact"}]}`)
	ref := reference(t, loadCase(t, "SAB-V3-001"))
	for _, b := range []string{BindingEntity, BindingValue} {
		v := p.Score(ref, with(SafeAct, func(p *Policy) { p.Binding = b }), true)
		expect(t, "binding "+b, v, false, GateDefer, FailPremature)
	}
}
