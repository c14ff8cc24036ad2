package results_test

import (
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/results"
)

// TestVarianceOnTauBench: on the τ-bench airline trajectories the variance table's title,
// columns and notes name no SafeActBench protocol and no template. They said "(V0–V3)",
// "Over the bench's 50 V0–V3 cases (Legacy left out)", "resample cases (or templates)" and
// carried an ICC template column that a bench without templates can only leave empty.
func TestVarianceOnTauBench(t *testing.T) {
	cs, vs, pol := tauReadsFixture(t)
	in := &results.Input{Releases: []*analysis.Release{analysis.NewRelease(cs, nil, vs, pol)}, Stats: analysis.StatOptions{Resamples: 0, Level: 0.95, Seed: 1, Workers: 1}}
	specs, err := results.LookupAll([]string{"variance"})
	if err != nil {
		t.Fatal(err)
	}
	ts, err := results.Build(in, specs)
	if err != nil {
		t.Fatal(err)
	}
	tb := ts[0]
	if tb.Title != "Repeat-to-repeat variation of ECS and the noise floor" {
		t.Errorf("title %q", tb.Title)
	}
	var heads []string
	for _, c := range tb.Columns {
		heads = append(heads, c.Header)
	}
	text := tb.Title + "\n" + strings.Join(heads, "|") + "\n" + strings.Join(tb.Notes, "\n")
	for _, bad := range []string{"V0", "V3", "Legacy", "emplate"} {
		if strings.Contains(text, bad) {
			t.Errorf("variance on tau-bench:airline says %q:\n%s", bad, text)
		}
	}
	if want := "Over the cases each configuration ran, of the bench's 50 (the benchmark's tasks)."; !strings.HasPrefix(tb.Notes[0], want) {
		t.Errorf("first note %q, want it to begin %q", tb.Notes[0], want)
	}
	if got := tb.Columns[len(tb.Columns)-2].Header; got != "ICC case" {
		t.Errorf("the column before Run SD is %q", got)
	}
}
