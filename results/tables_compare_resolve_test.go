package results_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/results"
)

// buildCompare is results.BuildCompare, failing the test on its error.
func buildCompare(t *testing.T, r *analysis.Release, spec analysis.CompareSpec, scopes []analysis.CompareScope, o analysis.StatOptions) *results.Table {
	t.Helper()
	tb, err := results.BuildCompare(r, spec, scopes, o)
	if err != nil {
		t.Fatal(err)
	}
	return tb
}

// TestBuildCompareResolvesTheSpec: a CompareSpec built by hand, not through Resolve, gave
// a note "A = M1/Family, B = M2/Inspect, condition ; …" (the unset condition, which the
// comparison reads as main) and kept the caller's spelling of the names. BuildCompare now
// resolves the spec as the command does, and refuses one that names what the release
// does not hold, with Resolve's error.
func TestBuildCompareResolvesTheSpec(t *testing.T) {
	r := fixtureRelease(t)
	o := goldenStats()
	o.Resamples = 0
	cfgs := r.Configs()
	spec := analysis.CompareSpec{A: strings.ToUpper(cfgs[0]), B: cfgs[1]}
	scopes, err := r.Compare(analysis.CompareSpec{A: cfgs[0], B: cfgs[1]}, o)
	if err != nil {
		t.Fatal(err)
	}
	tb := buildCompare(t, r, spec, scopes, o)
	want := "A = " + cfgs[0] + ", B = " + cfgs[1] + ", condition main; "
	if !slices.ContainsFunc(tb.Notes, func(n string) bool { return strings.HasPrefix(n, want) }) {
		t.Errorf("notes lack %q:\n%s", want, strings.Join(tb.Notes, "\n"))
	}
	if want := "Paired comparison " + cfgs[0] + " − " + cfgs[1]; tb.Title != want {
		t.Errorf("title %q, want %q", tb.Title, want)
	}
	_, err = results.BuildCompare(r, analysis.CompareSpec{A: cfgs[0], B: "nobody"}, scopes, o)
	if err == nil || !strings.Contains(err.Error(), `"nobody"`) {
		t.Errorf("a spec naming no configuration of the release: error %v, want one naming it", err)
	}
}
