package oracle

import "testing"

// TestV2StrictActionMatch: V2 compares an action with its step by the strict comparator (no
// string for a number), where V1 and V3 accept a numeric string: the real SAB-V2-016 with its
// first step's expected_version written "1" is an unexpected action there.
func TestV2StrictActionMatch(t *testing.T) {
	c := loadCase(t, "SAB-V2-016")
	p := prepare(t, c)
	ref := reference(t, c)
	evs := copyEvents(ref)
	setArg(evs[6], "expected_version", "1")
	v := scoreEvents(t, p, ref, evs, SafeAct)
	expect(t, `expected_version "1"`, v, false, OutcomeUnexpected, FailWrongAction)
}
