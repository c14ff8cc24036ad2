package figures

import (
	"math"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/analysis"
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
		{[]Comparison{{"a", 0.1, nan, nan}}, "No intervals: each point is the estimate alone."},
	} {
		got := strings.Join(drawnStrings(t, Forest{Level: 0.95, Rows: c.rows}, Options{}), " ")
		if !strings.Contains(got, c.want) {
			t.Errorf("%v: drawn %q, want %q", c.rows, got, c.want)
		}
	}
}

// TestForestWithoutIntervalsClaimsNone: a forest of no interval at all (compare,
// report and figures under --resamples 0) headed its numbers "Δ [95% CI]" and its
// default title "(95% CI)": it names no level now. A forest with an interval keeps both.
func TestForestWithoutIntervalsClaimsNone(t *testing.T) {
	nan := math.NaN()
	none := drawnStrings(t, Forest{Level: 0.95, Rows: []Comparison{{"a", 0.1, nan, nan}, {"b", -0.05, nan, nan}}}, Options{})
	if got := strings.Join(none, "|"); strings.Contains(got, "95%") || !strings.Contains(got, "Paired differences|") || !strings.Contains(got, "|Δ|") {
		t.Errorf("no intervals: drawn %q; want the title and the header without a level", got)
	}
	some := strings.Join(drawnStrings(t, Forest{Level: 0.95, Rows: []Comparison{{"a", 0.1, 0.05, 0.2}, {"b", 0, nan, nan}}}, Options{}), "|")
	if !strings.Contains(some, "Paired differences (95% CI)") || !strings.Contains(some, "Δ [95% CI]") {
		t.Errorf("with an interval: drawn %q; want the level in the title and header", some)
	}
}

// TestCompareRowsWithoutIntervalsOnce: a compare scope with neither interval (--resamples
// 0) drew a "cases" and a "clusters" row of one estimate; it is one row now. A scope with
// intervals keeps both rows.
func TestCompareRowsWithoutIntervalsOnce(t *testing.T) {
	nan := math.NaN()
	scopes := []analysis.CompareScope{
		{Label: "All", Shared: 10, Delta: analysis.Estimate{X: 0.04, Lo: nan, Hi: nan}, DeltaClustered: analysis.Estimate{X: 0.04, Lo: nan, Hi: nan}},
		{Label: "V1", Shared: 5, Delta: analysis.Estimate{X: 0.06, Lo: 0.01, Hi: 0.1}, DeltaClustered: analysis.Estimate{X: 0.06, Lo: 0, Hi: 0.12}},
	}
	var got []string
	for _, r := range CompareRows(scopes, true, false, "safeact") {
		got = append(got, r.Label)
	}
	if want := "All|V1, cases|V1, clusters"; strings.Join(got, "|") != want {
		t.Errorf("rows %q, want %q", got, want)
	}
}
