package results_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/results"
)

// TestPoliciesPNoteNamesTheBaseline: the baseline's own rows print p "—", but the p note
// gives none only "for one unit, or if every Δ* is one nonzero Δ", and the baseline's Δ*
// are all 0 over 25 tasks: the note did not say why its p is empty. It does now.
func TestPoliciesPNoteNamesTheBaseline(t *testing.T) {
	b, eps := tauAirline(t)
	var rels []*analysis.Release
	for _, name := range []string{"tau-strict", "tau-bench"} {
		pol, vs := scoreUnder(t, b, eps, name)
		rels = append(rels, analysis.NewRelease(b.Cases, nil, vs, pol))
	}
	specs, err := results.LookupAll([]string{"policies"})
	if err != nil {
		t.Fatal(err)
	}
	for _, resamples := range []int{50, 0} {
		o := analysis.StatOptions{Resamples: resamples, Level: 0.95, Seed: 1, Workers: 1}
		ts, err := results.Build(&results.Input{Releases: rels, Stats: o}, specs)
		if err != nil {
			t.Fatal(err)
		}
		pol := ts[0]
		if resamples == 0 {
			if strings.Contains(strings.Join(pol.Notes, "\n"), "against itself") {
				t.Errorf("--resamples 0, where no row has a p: notes\n%s", strings.Join(pol.Notes, "\n"))
			}
			continue
		}
		if _, ok := pol.Rows[0].Cells[4].Value(); pol.Rows[0].Cells[0].Str() != "tau-strict" || ok {
			t.Fatalf("baseline row %q: p %+v, want none", pol.Rows[0].Cells[0].Str(), pol.Rows[0].Cells[4])
		}
		const want = "p: two-sided paired bootstrap p of Δ = 0 inverting the percentile interval, min(1, 2·min(#{Δ* ≤ 0}+1, #{Δ* ≥ 0}+1)/(B+1)); none for one unit, or if every Δ* is one nonzero Δ. tau-strict against itself: none, no test is run."
		if !slices.Contains(pol.Notes, want) {
			t.Errorf("notes\n%s\nwant %s", strings.Join(pol.Notes, "\n"), want)
		}
	}
}
