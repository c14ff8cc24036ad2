package results_test

import (
	"strings"
	"testing"
)

// TestCostNoteCountsLegacy: the cost per main ECS success is over the main-condition
// episodes T2 scores, Legacy decisions included (analysis.CostRow counts every main
// episode but the static judgments of V0–V3 cases), yet the note called them the
// "interactive episodes" and said static judgments were left out, when a Legacy episode is
// one (the verdicts' static column). On the fixture the Legacy episodes report wall time
// alone, so the cell is empty, which the note then did not explain; on the built-in
// release the 11,540 successes of the note are T2's, 2,390 of them Legacy (pandas).
func TestCostNoteCountsLegacy(t *testing.T) {
	tb := buildOne(t, fixtureRelease(t), "cost", goldenStats())
	notes := strings.Join(tb.Notes, "\n")
	if strings.Contains(notes, "interactive episodes") || !strings.Contains(notes, "Legacy decisions count, as in T2, and static judgments of V0–V3 cases (those T9 and T10 read), whose success is a correct decision, are left out of both") {
		t.Errorf("cost notes:\n%s", notes)
	}
	for _, r := range tb.Rows[:len(tb.Rows)-1] {
		if v, ok := r.Cells[len(r.Cells)-1].Value(); ok {
			t.Errorf("%v: cost per success %v, want none (its Legacy episodes report no cost)", r.Cells[0], v)
		}
	}
}
