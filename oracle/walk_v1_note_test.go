package oracle

import (
	"slices"
	"testing"

	"github.com/sabench/sabench-stats/ingest/jsonv"
)

// TestV1TrailingEventsNote: the note on events after a V1 episode's first consequential
// action counts them in words that agree with the count (it read "1 event(s) … are").
func TestV1TrailingEventsNote(t *testing.T) {
	c := loadCase(t, "SAB-V1-001")
	p := prepare(t, c)
	ref := reference(t, c)
	for n, want := range map[int]string{
		1: "1 event after the first consequential action is a contract error; ECS(V1) ignores contract errors, as the evaluator's batch check does",
		2: "2 events after the first consequential action are contract errors; ECS(V1) ignores contract errors, as the evaluator's batch check does",
	} {
		evs := copyEvents(ref)
		for i := range n {
			evs = append(evs, jsonv.DeepCopy(evs[len(evs)-1-i]))
		}
		v := p.Score(withEvents(ref, evs), SafeAct, true)
		if !slices.Contains(v.Detail.Notes, want) {
			t.Errorf("%d trailing events: notes %q, want %q", n, v.Detail.Notes, want)
		}
	}
}
