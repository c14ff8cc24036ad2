package oracle

import "testing"

// TestWorkflowInvalidEvent: in V2 and V3 an event that is not an object, or whose type is
// neither INFO_CALL nor CONSEQUENTIAL_CALL, ends the episode with INVALID_EVENT there (a
// contract break): the real SAB-V2-016 and SAB-V3-001 with one such event put before
// their first action; the actions after it are never reached.
func TestWorkflowInvalidEvent(t *testing.T) {
	for _, w := range []struct {
		id    string
		first int // the reference's first action
	}{{"SAB-V2-016", 6}, {"SAB-V3-001", 2}} {
		c := loadCase(t, w.id)
		p := prepare(t, c)
		ref := reference(t, c)
		for _, x := range []struct {
			what string
			e    any
		}{
			{"a note event", mustParse(t, `{"type":"NOTE","call_id":"n1","tool":"memo","arguments":{}}`)},
			{"a string", "INFO_CALL"},
		} {
			what, e := x.what, x.e
			evs := copyEvents(ref)
			evs = append(append(evs[:w.first:w.first], e), evs[w.first:]...)
			v := scoreEvents(t, p, ref, evs, SafeAct)
			expect(t, w.id+" "+what, v, false, OutcomeInvalidEvent, FailContract)
			if v.ExecutedCommits() != 0 || BrokeAt(v) != w.first {
				t.Errorf("%s %s: %d steps executed, broke at %d; want 0, %d", w.id, what, v.ExecutedCommits(), BrokeAt(v), w.first)
			}
		}
	}
}
