package oracle

import "testing"

// TestV1AnytimeLateReadsStillIncomplete: docs/policies.md, timing `anytime`: "coverage
// counts the late reads too", and with coverage required an incomplete coverage is MISSING,
// so the gate defers. SAB-V1-001's reference with its fifth read dropped and its first
// repeated after the action: the late read joins the observed calls but covers nothing
// new, so the action still defers; with the fifth read moved after the action it is
// covered and the action is allowed.
func TestV1AnytimeLateReadsStillIncomplete(t *testing.T) {
	c := loadCase(t, "SAB-V1-001")
	p := prepare(t, c)
	ref := reference(t, c)
	pol := with(SafeAct, func(p *Policy) { p.Timing = TimingAnytime })
	evs := copyEvents(ref) // 5 reads, then refund_issue at index 5
	repeated := append(append(evs[:4:4], evs[5]), copyEvents(ref)[0])
	expect(t, "a repeated late read", scoreEvents(t, p, ref, repeated, pol), false, GateDefer, FailPremature)
	evs = copyEvents(ref)
	moved := append(append(evs[:4:4], evs[5]), evs[4])
	expect(t, "the fifth read late", scoreEvents(t, p, ref, moved, pol), true, OutcomeTaskSuccess, "")
}
