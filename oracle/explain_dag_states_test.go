package oracle

import "testing"

// TestDAGStepStates: the real SAB-V3-001 (issue_refund, then close_ticket and
// send_refund_notice, both after it). glossary.md: the broken step is the one whose tool
// the breaking action called, and a step whose dependencies completed that the agent did
// not take is enabled.
//   - The ticket closed first with another ticket id matches no commit
//     (UNEXPECTED_CONSEQUENTIAL_ACTION, no commit): close_ticket, the one step of that
//     tool, was "not reached" beside its own attempt; it is broken.
//   - After the refund, the ticket closed with another ticket id (WRONG_ACTION_ARGUMENT of
//     close_ticket): send_refund_notice, enabled as much as close_ticket was, was "not
//     reached" because it comes after the broken step in the list; it is enabled.
func TestDAGStepStates(t *testing.T) {
	c := loadCase(t, "SAB-V3-001")
	p := prepare(t, c)
	ref := reference(t, c)
	base := events(ref) // two reads, refund_issue at 2, support_ticket_close at 3, the notice at 4
	states := func(name string, evs []any, wantOutcome, wantBroken string, want map[string]string) {
		t.Helper()
		ep := withEvents(ref, evs)
		v := p.Score(ep, SafeAct, true)
		if v.Outcome() != wantOutcome {
			t.Fatalf("%s: outcome %s, want %s", name, v.Outcome(), wantOutcome)
		}
		x := Explain(c, ep, SafeAct, v)
		if x.BrokeStep != wantBroken {
			t.Errorf("%s: broken step %q, want %q", name, x.BrokeStep, wantBroken)
		}
		for _, st := range x.Workflow.Steps {
			if st.State != want[st.CommitID] {
				t.Errorf("%s: step %s %s (%s), want %s", name, st.CommitID, st.State, st.Why, want[st.CommitID])
			}
		}
	}
	closeOther := func(evs []any, i int) []any {
		a, _ := obj(evs[i]).Obj("arguments")
		a.Set("ticket_id", "TCK-OTHER")
		return evs
	}
	first := move(copyEvents(ref), 3, 2)
	states("ticket closed first, another ticket", closeOther(first, 2), OutcomeUnexpected, "close_ticket",
		map[string]string{"issue_refund": StepEnabled, "close_ticket": StepBroken, "send_refund_notice": StepNotReached})
	states("ticket closed after the refund, another ticket", closeOther(copyEvents(ref), 3), OutcomeWrongArgument, "close_ticket",
		map[string]string{"issue_refund": StepCompleted, "close_ticket": StepBroken, "send_refund_notice": StepEnabled})
	if len(base) != 5 {
		t.Fatalf("the reference has %d events, want 5", len(base))
	}
}
