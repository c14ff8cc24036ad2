package inspect

import "testing"

// TestNestedEventsCounted: the tool and subtask events holding events of their own are
// counted, in a full read and a light one (which otherwise skips a subtask event whole);
// empty or null lists, and other events' lists, are not. A list written before the event's
// kind went uncounted: the tool calls in it were missing, and nothing said so.
func TestNestedEventsCounted(t *testing.T) {
	doc := []byte(`{"id": 1, "epoch": 1, "events": [
		{"event": "tool", "id": "a", "function": "f", "arguments": {}, "events": [{"event": "tool", "function": "g"}]},
		{"event": "subtask", "name": "s", "events": [ {"event": "info"} ]},
		{"event": "tool", "id": "b", "function": "f", "arguments": {}, "events": [ ]},
		{"event": "subtask", "name": "s", "events": null},
		{"event": "span_begin", "events": [1]},
		{"events": [{"event": "tool", "function": "g"}], "id": "c", "event": "tool", "function": "f"},
		{"events": [{"event": "info"}], "event": "subtask", "name": "t"},
		{"events": [{"event": "info"}], "event": "info"}]}`)
	for _, light := range []bool{false, true} {
		s, err := decodeSample("f", "m", doc, false, light, nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		if s.NestedEvents != 4 {
			t.Errorf("light %v: %d nested, want 4", light, s.NestedEvents)
		}
	}
}
