package results_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/oracle"
	"github.com/sabench/sabench-stats/results"
)

// describesDraws matches what a note may say only when resamples are drawn: what an
// interval or rank set resamples, a draw, a resample's value.
var describesDraws = regexp.MustCompile(`(?i)resampl|\bdraws?\b|confidence set|overlapping|every resample`)

// noneDrawn removes what says that nothing was drawn.
var noneDrawn = strings.NewReplacer("(no resamples, or no interval)", "", "--resamples 0", "")

// With --resamples 0 no note describes resamples, draws or rank sets that were not drawn
// (T2's rank note said "from 0 case-paired resamples", T3 and T4 what their intervals
// resample, policy_ranks counted tie groups of rank sets and flagged the baseline's τ as
// the same in every resample).
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
		for _, tb := range ts {
			for _, n := range tb.Notes {
				if m := describesDraws.FindString(noneDrawn.Replace(n)); m != "" {
					t.Errorf("%s: %q in note %q", tb.ID, m, n)
				}
			}
		}
	}
}
