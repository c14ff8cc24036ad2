package results_test

import (
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/results"
)

// TestT7LegacyReadsNotApplicable: T7 printed Legacy "0.00 mean reads, 0 max" for the real
// SAB-L-001, which lists no required_info_calls (its metadata says
// min_required_tool_calls 7, which the evaluator does not check: a Legacy case scores the
// decision alone). Zero read as "needs no investigation"; the reads are not applicable.
func TestT7LegacyReadsNotApplicable(t *testing.T) {
	tb := buildOne(t, fixtureRelease(t), "T7", goldenStats())
	rows := map[string][]results.Cell{}
	for _, row := range tb.Rows {
		rows[row.Cells[0].Str()] = row.Cells
	}
	legacy, v0 := rows["Legacy"], rows["V0"]
	if legacy == nil || v0 == nil {
		t.Fatalf("T7 lacks the Legacy or the V0 row: %v", rows)
	}
	if legacy[1].N() != 1 || legacy[2].Type() != results.CellEmpty || legacy[3].Type() != results.CellEmpty {
		t.Errorf("Legacy: %d cases, mean reads %v, max reads %v; want 1 case and both reads empty",
			legacy[1].N(), legacy[2].Type(), legacy[3].Type())
	}
	// The three real V0 cases prescribe 13 reads, 6 at most.
	if x, ok := v0[2].Value(); !ok || x != 13.0/3 || v0[3].N() != 6 {
		t.Errorf("V0 mean reads %v, max %d; want 13/3 and 6", x, v0[3].N())
	}
	if !strings.Contains(strings.Join(tb.Notes, "\n"), "Legacy: no reads (—)") {
		t.Errorf("T7 does not say why Legacy has no reads:\n%s", strings.Join(tb.Notes, "\n"))
	}
}
