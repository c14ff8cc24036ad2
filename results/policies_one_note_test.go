package results_test

import (
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/analysis"
)

// TestPoliciesOnePolicyNote: with one policy there is no Δ to test; the p-value note says
// that, not "no resamples, or no interval" (there were 50 resamples and intervals). The
// commands refuse the comparison of one policy; a Go caller may still build it.
func TestPoliciesOnePolicyNote(t *testing.T) {
	o := analysis.DefaultStatOptions()
	o.Resamples = 50
	tb := buildOneWith(t, fixtureRelease(t), "policies", o, analysis.PaperChoices())
	notes := strings.Join(tb.Notes, "\n")
	if strings.Contains(notes, "no resamples, or no interval") || !strings.Contains(notes, "only safeact is scored") {
		t.Errorf("notes:\n%s", notes)
	}
}
