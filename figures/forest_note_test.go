package figures

import (
	"math"
	"slices"
	"strings"
	"testing"
)

// TestForestNoteSaysAPointHasNoInterval: a row without an interval (a degenerate Δ, T4's
// empty interval) is drawn hollow and without whiskers, and the note said "hollow: it
// does not [exclude 0]", as if it had an interval holding 0; a plot of such rows alone
// said nothing.
func TestForestNoteSaysAPointHasNoInterval(t *testing.T) {
	nan := math.NaN()
	for _, c := range []struct {
		rows []Comparison
		want string
	}{
		{[]Comparison{{"a", 0.1, 0.05, 0.2}, {"b", 0, nan, nan}}, "Filled: the interval excludes 0; hollow: it does not, or there is none (no whiskers)."},
		{[]Comparison{{"a", 0.1, 0.05, 0.2}, {"b", 0, -0.1, 0.1}}, "Filled: the interval excludes 0; hollow: it does not."},
		{[]Comparison{{"a", 0.1, nan, nan}}, "No intervals."},
	} {
		got := strings.Join(drawnStrings(t, Forest{Level: 0.95, Rows: c.rows}, Options{}), " ")
		if !strings.Contains(got, c.want) {
			t.Errorf("%v: drawn %q, want %q", c.rows, got, c.want)
		}
	}
}

// TestForestHeaderWithoutIntervals: with no interval in any row (--resamples 0) the values
// are bare estimates, yet the header above them read "Δ [95% CI]"; it now reads "Δ".
func TestForestHeaderWithoutIntervals(t *testing.T) {
	nan := math.NaN()
	f := Forest{Level: 0.95, Rows: []Comparison{{Label: "Claude-5", Estimate: 0.04, Lo: nan, Hi: nan}}}
	drawn := drawnStrings(t, f, Column)
	if !slices.Contains(drawn, "Δ") || slices.ContainsFunc(drawn, func(s string) bool { return strings.Contains(s, "CI]") }) {
		t.Errorf("drawn %q, want the header Δ and no CI", drawn)
	}
}
