package results_test

import (
	"bytes"
	"math"
	"regexp"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/oracle"
	"github.com/sabench/sabench-stats/results"
	"github.com/sabench/sabench-stats/results/render"
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

// TestNoResamplesSaysSoOnce: with --resamples 0 every table that has interval columns at
// the default resamples says, in one note, why they are empty, and in the same words (T2,
// T3, T8, domains and variance said "No intervals (--resamples 0).", the others "No
// intervals: --resamples 0.").
func TestNoResamplesSaysSoOnce(t *testing.T) {
	cases, sets, vs := fixtureVerdicts(t)
	ch := analysis.PaperChoices()
	ch.StrategyExec = "scgr_eg"
	build := func(resamples int) map[string]*results.Table {
		o := analysis.DefaultStatOptions()
		o.Resamples, o.Workers = resamples, 2
		in := &results.Input{Releases: []*analysis.Release{analysis.NewRelease(cases, sets, vs, oracle.SafeAct),
			analysis.NewRelease(cases, sets, relaxed(vs), oracle.Presets[3])}, Stats: o, Choices: ch}
		ts, err := results.Build(in, results.Registry)
		if err != nil {
			t.Fatal(err)
		}
		ts = append(ts, compareTables(t, in.Releases[0], o)...)
		out := map[string]*results.Table{}
		for _, tb := range ts {
			out[tb.ID] = tb
		}
		return out
	}
	drawn, none := build(20), build(0)
	const want = "No intervals: --resamples 0."
	for id, tb := range drawn {
		intervals := false
		for _, c := range tb.Columns {
			intervals = intervals || c.Kind == results.KindInterval || c.Kind == results.KindPercentInterval
		}
		n := 0
		for _, note := range none[id].Notes {
			if strings.Contains(note, "No intervals") {
				n++
				if note != want {
					t.Errorf("%s: %q, want %q", id, note, want)
				}
			}
		}
		if intervals && n != 1 {
			t.Errorf("%s has intervals when drawn, and at --resamples 0 says %d times why they are not:\n%s", id, n, strings.Join(none[id].Notes, "\n"))
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
	return []*results.Table{buildCompare(t, r, spec, scopes, o),
		results.BuildInspectCompare(results.InspectCompare{A: "a.eval", B: "b.eval", ADesc: "log a.eval", BDesc: "log b.eval", Diffs: []analysis.InspectDiff{d}}, o)}
}

// With --resamples 0 an interval column holds no interval ("+4.2 [—, —]"), yet its header
// read "Δ ECS [95% CI]" (T4, T9, T13, T14, interventions, policies, compare,
// compare-inspect) or "Rank [95% set]" (T2, policies). Every interval column whose cells
// have no bounds now says so in its header ("Δ ECS [no CI]", "Rank [no set]"), in every
// format, and compare leaves out its clusters Δ, which would repeat the cases Δ.
func TestNoResamplesHeadersSayNoInterval(t *testing.T) {
	cases, sets, vs := fixtureVerdicts(t)
	o := analysis.DefaultStatOptions()
	o.Resamples, o.Workers = 0, 2
	ch := analysis.PaperChoices()
	ch.StrategyExec = "scgr_eg"
	tauCases, tauVerdicts, tauPolicy := tauReadsFixture(t)
	var ts []*results.Table
	for _, g := range []struct {
		specs []results.Spec
		in    *results.Input
	}{
		{results.Registry, &results.Input{Releases: []*analysis.Release{analysis.NewRelease(cases, sets, vs, oracle.SafeAct),
			analysis.NewRelease(cases, sets, relaxed(vs), oracle.Presets[3])}, Stats: o, Choices: ch}},
		{results.OfficialRegistry, &results.Input{Releases: []*analysis.Release{analysis.NewRelease(tauCases, nil, tauVerdicts, tauPolicy)}, Stats: o, Choices: ch}},
	} {
		built, err := results.Build(g.in, g.specs)
		if err != nil {
			t.Fatal(err)
		}
		ts = append(ts, built...)
		if len(g.specs) == len(results.Registry) {
			ts = append(ts, compareTables(t, g.in.Releases[0], o)...)
		}
	}
	withIntervals := 0
	for _, tb := range ts {
		for _, c := range tb.Columns {
			if c.Kind != results.KindInterval && c.Kind != results.KindPercentInterval {
				continue
			}
			withIntervals++
			if !strings.HasSuffix(c.Header, "[no CI]") && !strings.HasSuffix(c.Header, "[no set]") {
				t.Errorf("%s: column %s holds no interval, header %q", tb.ID, c.Key, c.Header)
			}
		}
		if tb.ID == "compare" && tb.Column("delta_clustered") >= 0 {
			t.Errorf("compare: a clusters Δ column without intervals")
		}
		for _, f := range render.Formats() {
			var b bytes.Buffer
			if err := render.Render(&b, tb, f); err != nil {
				t.Fatal(err)
			}
			if m := regexp.MustCompile(`\d\\?% (CI|set)`).FindString(b.String()); m != "" {
				t.Errorf("%s (%v): %q", tb.ID, f, m)
			}
		}
	}
	if withIntervals < 10 {
		t.Errorf("%d interval columns in all", withIntervals)
	}
}
