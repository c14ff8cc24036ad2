package ingest

import "testing"

// A list of two problems said "(and 1 more problems)".
func TestProblemsCountOneMore(t *testing.T) {
	ps := Problems{{File: "a.jsonl", Line: 1, Msg: "x"}, {File: "a.jsonl", Line: 2, Msg: "y"}}
	if got, want := ps.Error(), "a.jsonl:1: x (and 1 more problem)"; got != want {
		t.Errorf("%q, want %q", got, want)
	}
	if got := Plural(1, "episode") + ", " + Plural(0, "episode") + ", " + Plural(2, "case set"); got != "1 episode, 0 episodes, 2 case sets" {
		t.Errorf("Plural: %q", got)
	}
}
