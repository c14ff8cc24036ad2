package oracle

import "testing"

// TestWorkflowCallIDs: on the real SAB-V3-001, a read without a string call id is named
// auto_info_<k>, k its 1-based place among the events, and its facts carry that name; an
// id outside [A-Za-z0-9_-], or one an earlier event already used (that name included),
// ends the episode with INVALID_CALL_ID at that event.
func TestWorkflowCallIDs(t *testing.T) {
	c := loadCase(t, "SAB-V3-001")
	p := prepare(t, c)
	ref := reference(t, c)

	evs := copyEvents(ref)
	obj(evs[1]).Delete("call_id")
	v := scoreEvents(t, p, ref, evs, SafeAct)
	expect(t, "read without a call id", v, true, OutcomeWorkflowSuccess, "")
	named := false
	for _, f := range v.Detail.Ledger {
		if f.EventIndex == 1 {
			named = f.CallID == "auto_info_2"
			if !named {
				t.Errorf("read without a call id: its fact's call id %q, want auto_info_2", f.CallID)
			}
		}
	}
	if !named {
		t.Error("read without a call id: no fact of event 1 in the ledger")
	}

	for _, w := range []struct {
		what string
		edit func(evs []any)
		at   int
	}{
		{"a space in the id", func(evs []any) { obj(evs[0]).Set("call_id", "info 01") }, 0},
		{"an action reusing a read's generated id", func(evs []any) {
			obj(evs[1]).Delete("call_id")
			obj(evs[2]).Set("call_id", "auto_info_2")
		}, 2},
	} {
		evs := copyEvents(ref)
		w.edit(evs)
		v := scoreEvents(t, p, ref, evs, SafeAct)
		expect(t, w.what, v, false, OutcomeInvalidCallID, FailContract)
		if BrokeAt(v) != w.at {
			t.Errorf("%s: broke at %d, want %d", w.what, BrokeAt(v), w.at)
		}
	}
}
