package oracle

import (
	"testing"

	"github.com/sabench/sabench-stats/ingest/jsonv"
)

// TestCompleteAtToollessFirstAttempt: a CONSEQUENTIAL_CALL without a tool is the verdict's
// first attempt (first_attempt_index), which the V1 walk skips as a malformed event. The real
// SAB-V1-001 with such a call first, then its reference reads and action, said "first
// consequential attempt at event 0 (investigation complete there: true)" with nothing read
// before event 0: complete_at_first_attempt was the later action's gate. It is the coverage of
// the reads accepted before the attempt (false there; true with the call after every read and
// no action after it), as V2 and V3 give it, and as an independent recomputation of the
// evaluator's coverage from the events gives (docs/command-checks.md).
func TestCompleteAtToollessFirstAttempt(t *testing.T) {
	toolless := func() any {
		return jsonv.NewObject("type", "CONSEQUENTIAL_CALL", "call_id", "bad_1", "arguments", jsonv.NewObject())
	}
	c := loadCase(t, "SAB-V1-001")
	ref := reference(t, c)
	evs := copyEvents(ref)
	for _, w := range []struct {
		what     string
		events   []any
		first    int
		complete bool
	}{
		{"first, before every read", append([]any{toolless()}, evs...), 0, false},
		{"after every read, instead of the action", append(append([]any{}, evs[:len(evs)-1]...), toolless()), len(evs) - 1, true},
		{"none: the reference", evs, len(evs) - 1, true},
	} {
		v := prepare(t, c).Score(withEvents(ref, w.events), SafeAct, true)
		if !v.Attempted() || v.FirstAttemptIndex() != w.first || v.CompleteAtFirstAttempt() != w.complete {
			t.Errorf("toolless call %s: attempted %v at %d, complete there %v; want at %d, %v",
				w.what, v.Attempted(), v.FirstAttemptIndex(), v.CompleteAtFirstAttempt(), w.first, w.complete)
		}
	}
}
