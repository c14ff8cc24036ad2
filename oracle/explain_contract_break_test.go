package oracle

import (
	"testing"

	"github.com/sabench/sabench-stats/ingest/jsonv"
)

// TestExplainContractBreakAtTheEvent: a workflow action repeated with its call id (the real
// SAB-V2-001's reference with its first action written twice) stops the evaluator at the
// repeat, and the contract error names that event. The chain broke there: BrokeAt, the
// break line and the chain's mark say so, rather than "no single event" beside a contract
// error naming one; the break line names the event's tool, as the other break lines do.
// Each later event is marked after_evaluator_stopped.
func TestExplainContractBreakAtTheEvent(t *testing.T) {
	c := loadCase(t, "SAB-V2-001")
	ref := reference(t, c)
	evs := copyEvents(ref)
	first := -1
	for i, e := range evs {
		if typ, _ := obj(e).String("type"); typ == "CONSEQUENTIAL_CALL" {
			first = i
			break
		}
	}
	if first < 0 {
		t.Fatal("SAB-V2-001's reference has no action")
	}
	dup := append(append(append([]any{}, evs[:first+1]...), jsonv.DeepCopy(evs[first])), evs[first+1:]...)
	ep := withEvents(ref, dup)
	p := prepare(t, c)
	v := p.Score(ep, SafeAct, true)
	if v.FailureType() != FailContract || v.Outcome() != OutcomeInvalidCallID {
		t.Fatalf("failure %q outcome %q, want contract_or_invalid and %s", v.FailureType(), v.Outcome(), OutcomeInvalidCallID)
	}
	at := first + 1
	x := Explain(c, ep, SafeAct, v)
	if x.BrokeAt != at || BrokeAt(v) != at {
		t.Errorf("broke at %d (BrokeAt %d), want the repeated action, event %d", x.BrokeAt, BrokeAt(v), at)
	}
	if want := "event 7 (archive_email): contract errors (listed below)"; at != 7 || x.Broke != want {
		t.Errorf("chain broke %q (repeat at %d), want %q", x.Broke, at, want)
	}
	if !x.Chain[at].Broke || !x.Chain[at].EvaluatorStops {
		t.Errorf("event %d: broke %v, evaluator stops %v; want both", at, x.Chain[at].Broke, x.Chain[at].EvaluatorStops)
	}
	// Each event after the stop says it was not processed, as explain's text and the
	// viewer do of it; the JSON marked the stop alone.
	if at+1 >= len(x.Chain) {
		t.Fatalf("no event after the stop at %d", at)
	}
	for i, e := range x.Chain {
		if e.AfterStop != (i > at) {
			t.Errorf("event %d: after_evaluator_stopped %v, want %v (stop at %d)", i, e.AfterStop, i > at, at)
		}
		if e.AfterStop && (len(e.Facts) > 0 || len(e.Checkpoints) > 0) {
			t.Errorf("event %d after the stop has facts %v, checkpoints %v", i, e.Facts, e.Checkpoints)
		}
	}
}
