package results_test

import (
	"math"
	"regexp"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/oracle"
	"github.com/sabench/sabench-stats/results"
)

// describesDraws matches what a note may say only when resamples are drawn: what an
// interval or rank set resamples, a draw, a resample's value, how a bootstrap p-value is
// computed from them.
var describesDraws = regexp.MustCompile(`(?i)resampl|\bdraws?\b|confidence set|overlapping|every resample|Δ\*|\(B\+1\)|bootstrap p-value|bootstrap p: two-sided`)

// noneDrawn removes what says that nothing was drawn.
var noneDrawn = strings.NewReplacer("(no resamples, or no interval)", "", "--resamples 0", "")

// With --resamples 0 no note describes resamples, draws or rank sets that were not drawn
// (T2's rank note said "from 0 case-paired resamples", T3 and T4 what their intervals
// resample, policy_ranks counted tie groups of rank sets and flagged the baseline's τ as
// the same in every resample; policies, T4, T13, T14 and interventions gave the formula of
// a bootstrap p-value, and compare-inspect called its p two-sided, none having been
// computed).
func TestNoResamplesNotesDescribeNoDraws(t *testing.T) {
	cases, sets, vs := fixtureVerdicts(t)
	o := analysis.DefaultStatOptions()
	o.Resamples, o.Workers = 0, 2
	ch := analysis.PaperChoices()
	ch.StrategyExec = "scgr_eg"
	tauCases, tauVerdicts, tauPolicy := tauReadsFixture(t)
	for _, g := range []struct {
		specs []results.Spec
		in    *results.Input
	}{
		{results.Registry, &results.Input{Releases: []*analysis.Release{analysis.NewRelease(cases, sets, vs, oracle.SafeAct),
			analysis.NewRelease(cases, sets, relaxed(vs), oracle.Presets[3])}, Stats: o, Choices: ch}},
		{results.OfficialRegistry, &results.Input{Releases: []*analysis.Release{analysis.NewRelease(tauCases, nil, tauVerdicts, tauPolicy)}, Stats: o, Choices: ch}},
	} {
		ts, err := results.Build(g.in, g.specs)
		if err != nil {
			t.Fatal(err)
		}
		if len(g.specs) == len(results.Registry) {
			ts = append(ts, compareTables(t, g.in.Releases[0], o)...)
		}
		for _, tb := range ts {
			for _, n := range tb.Notes {
				if m := describesDraws.FindString(noneDrawn.Replace(n)); m != "" {
					t.Errorf("%s: %q in note %q", tb.ID, m, n)
				}
			}
		}
	}
}

// compareTables are the comparisons built outside the registry, under o: compare of two
// configurations of r and compare-inspect of two logs with a bootstrap-tested scorer.
func compareTables(t *testing.T, r *analysis.Release, o analysis.StatOptions) []*results.Table {
	cfgs := r.Configs()
	spec := analysis.CompareSpec{A: cfgs[0], B: cfgs[1], Condition: "main"}
	scopes, err := r.Compare(spec, o)
	if err != nil {
		t.Fatal(err)
	}
	nan := math.NaN()
	d := analysis.InspectDiff{Scorer: "grade", MeanA: 0.75, MeanB: 0.5, McNemarP: nan, PTest: nan, PAdj: nan, Test: "bootstrap"}
	d.X, d.Lo, d.Hi, d.P, d.Cases, d.Units = 0.25, nan, nan, nan, 8, 8
	return []*results.Table{results.BuildCompare(r, spec, scopes, o),
		results.BuildInspectCompare(results.InspectCompare{A: "a.eval", B: "b.eval", ADesc: "log a.eval", BDesc: "log b.eval", Diffs: []analysis.InspectDiff{d}}, o)}
}
