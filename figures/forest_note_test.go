package figures

import (
	"math"
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
