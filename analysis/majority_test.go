package analysis

import (
	"testing"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/oracle"
)

// Rule (case-level majority vote): a case succeeds for a configuration when a strict
// majority of its repeats succeed, 2c > n; with an even number of repeats a tie (1 of 2,
// 2 of 4) is not a majority.
func TestMajorityStrictOnEvenRepeats(t *testing.T) {
	reps := func(config, id string, ecs ...bool) []oracle.Verdict {
		var out []oracle.Verdict
		for i, ok := range ecs {
			out = append(out, v(config, id, ingest.V1, "d", i, ok))
		}
		return out
	}
	var a []oracle.Verdict
	a = append(a, reps("A", "tie2", true, false)...)
	a = append(a, reps("A", "tie4", true, true, false, false)...)
	a = append(a, reps("A", "three4", true, true, true, false)...)
	a = append(a, reps("A", "two3", true, false, true)...)
	got := majority(recordsOf(a), nil)
	want := map[string]bool{"tie2": false, "tie4": false, "three4": true, "two3": true}
	for id, w := range want {
		if got[id] != w {
			t.Errorf("majority of %s = %v, want %v", id, got[id], w)
		}
	}
	// Against a configuration that always succeeds, only the ties differ (as only-B).
	var b []oracle.Verdict
	for _, id := range []string{"tie2", "tie4", "three4", "two3"} {
		b = append(b, reps("B", id, true, true)...)
	}
	if d := disagree(recordsOf(a), nil, recordsOf(b), nil); d != (Disagreement{Shared: 4, OnlyA: 0, OnlyB: 2}) {
		t.Errorf("disagreement %+v, want {Shared:4 OnlyA:0 OnlyB:2}", d)
	}
}
