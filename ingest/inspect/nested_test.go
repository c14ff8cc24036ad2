package inspect

import "testing"

// TestNestedEventsCounted: the tool and subtask events holding events of their own are
// counted, in a full read and a light one (which otherwise skips a subtask event whole);
// empty or null lists, and other events' lists, are not.
func TestNestedEventsCounted(t *testing.T) {
	doc := []byte(`{"id": 1, "epoch": 1, "events": [
		{"event": "tool", "id": "a", "function": "f", "arguments": {}, "events": [{"event": "tool", "function": "g"}]},
		{"event": "subtask", "name": "s", "events": [ {"event": "info"} ]},
		{"event": "tool", "id": "b", "function": "f", "arguments": {}, "events": [ ]},
		{"event": "subtask", "name": "s", "events": null},
		{"event": "span_begin", "events": [1]},
		{"events": [{"event": "info"}], "event": "subtask", "name": "t"},
		{"events": [{"event": "info"}], "event": "info"}]}`)
	// The fifth subtask's events come before its kind: they were passed over unseen.
	for _, light := range []bool{false, true} {
		s, err := decodeSample("f", "m", doc, false, light, nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		if s.NestedEvents != 3 {
			t.Errorf("light %v: %d nested, want 3", light, s.NestedEvents)
		}
	}
}
