package results_test

import (
	"strings"
	"testing"
)

// TestVarianceICCSaysFloored: on the real-case fixture every configuration's ICC case is
// printed 0.000, where the one-way ANOVA estimate (MSB − MSW)/(MSB + 2·MSW) over its nine
// V0–V3 cases of three repeats is −0.200 for M1/Family (recomputed in numpy). The note
// called ICC "the share of an episode's variance that is between cases" and did not say
// that a negative between-case estimate is set to 0; it now names the estimator and the
// floor, so a printed 0 is not read as measured.
func TestVarianceICCSaysFloored(t *testing.T) {
	tb := buildOne(t, fixtureRelease(t), "variance", goldenStats())
	col := -1
	for i, c := range tb.Columns {
		if c.Key == "icc_case" {
			col = i
		}
	}
	if col < 0 {
		t.Fatalf("no icc column in %v", tb.Columns)
	}
	if v, ok := tb.Rows[0].Cells[col].Value(); !ok || v != 0 {
		t.Fatalf("M1/Family ICC case %v (%v), want 0", v, ok)
	}
	if notes := strings.Join(tb.Notes, "\n"); !strings.Contains(notes, "the between-case variance by moments, the per-case rates' variance less their repeat noise, floored at 0") {
		t.Errorf("variance notes:\n%s\nwant the ICC's estimator and its floor at 0", notes)
	}
}
