package results_test

import (
	"bytes"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/bootstrap"
	"github.com/sabench/sabench-stats/ingest/casespec"
	"github.com/sabench/sabench-stats/ingest/tau"
	"github.com/sabench/sabench-stats/oracle"
	"github.com/sabench/sabench-stats/results"
	"github.com/sabench/sabench-stats/results/render"
)

// readsInput is what the declared reads are checked on: the options, and how the cases
// are clustered and the sets filled (a copy per variation, so that one changes alone).
type readsInput struct {
	stats   analysis.StatOptions
	choices analysis.Choices
	cluster func(i int) string // the cluster of the i-th case
	sets    func(map[string][]string)
}

// readsVariations change one option each from the base (readsBase); want are the
// options a table must declare for the change to show in it.
var readsVariations = []struct {
	name   string
	want   results.Option
	change func(*readsInput)
}{
	{"seed", results.OptSeed, func(x *readsInput) { x.stats.Seed++ }},
	{"resamples", results.OptResamples, func(x *readsInput) { x.stats.Resamples = 40 }},
	{"level", results.OptLevel, func(x *readsInput) { x.stats.Level = 0.8 }},
	{"interval", results.OptInterval, func(x *readsInput) { x.stats.Method = bootstrap.Basic }},
	{"quantile", results.OptQuantile, func(x *readsInput) { x.stats.Quantile = bootstrap.QuantileR }},
	{"clustered", results.OptClustered, func(x *readsInput) { x.stats.Clustered = true }},
	{"clusters", results.OptClusters, func(x *readsInput) { x.cluster = func(i int) string { return fmt.Sprintf("c-%d", i%2) } }},
	{"clusters under --clustered", results.OptClusters | results.OptClustered, func(x *readsInput) {
		x.stats.Clustered = true
		x.cluster = func(i int) string { return fmt.Sprintf("c-%d", i%2) }
	}},
	{"adjust", results.OptAdjust, func(x *readsInput) { x.stats.Adjust = analysis.AdjustBH }},
	{"passk", results.OptPassK, func(x *readsInput) { x.stats.PassK = bootstrap.PassKPerCase }},
	{"shared-harness", results.OptSharedHarness, func(x *readsInput) { x.choices.SharedHarness = "Family" }},
	{"t13-strategy", results.OptStrategyAll, func(x *readsInput) { x.choices.StrategyAll = "withheld" }},
	{"t14-strategy", results.OptStrategyExec, func(x *readsInput) { x.choices.StrategyExec = "withheld" }},
	{"t9-set", results.OptSetT9, func(x *readsInput) { x.choices.SetT9 = x.choices.SetT10 }},
	{"t10-set", results.OptSetT10, func(x *readsInput) { x.choices.SetT10 = x.choices.SetT9 }},
	{"interventions-set", results.OptSetInterventions, func(x *readsInput) { x.choices.SetInterventions = "other" }},
	// --set NAME=FILE: another file for every set the tables read by default (its last
	// case left out).
	{"set contents", results.OptSetT9 | results.OptSetT10 | results.OptSetInterventions, func(x *readsInput) {
		x.sets = func(m map[string][]string) {
			for name, ids := range m {
				m[name] = ids[:len(ids)-1]
			}
		}
	}},
}

// readsBase is the base of the variations: few resamples (so that a quantile convention
// shows), the paper's choices but T14's strategy (one the fixture has), the fixture's
// clusters and sets.
func readsBase() readsInput {
	o := analysis.DefaultStatOptions()
	o.Resamples, o.Workers = 30, 2
	ch := analysis.PaperChoices()
	ch.StrategyExec = "scgr_eg"
	return readsInput{stats: o, choices: ch}
}

// caseEffect makes two cases of one template always succeed: the fixture's outcomes
// then vary between cases, and the variance table's template correlation has a value
// that the clusters move.
func caseEffect(vs []oracle.Verdict) []oracle.Verdict {
	out := append([]oracle.Verdict(nil), vs...)
	for i := range out {
		if id := out[i].CaseID(); (id == "SAB-V0-001" || id == "SAB-V0-166") && !out[i].ECS() {
			f := out[i].Fields()
			f.ECS, f.FailureType = true, ""
			out[i] = f.Verdict()
		}
	}
	return out
}

// TestTablesReadWhatTheyDeclare holds every table's declared options (Spec.Reads) to its
// output: on the fixture release (the official tables on τ-bench trajectories with some
// trials left out), changing one option changes a table's output exactly when the table
// declares it. A table that reads an option it does not declare would have the option
// refused; one that declares an option it ignores would take it silently.
func TestTablesReadWhatTheyDeclare(t *testing.T) {
	cases, sets, vs := fixtureVerdicts(t)
	vs = caseEffect(vs)
	fixture := func(x readsInput) *results.Input {
		cs := make([]*casespec.Case, len(cases))
		for i, c := range cases {
			cc := *c
			if x.cluster != nil {
				cc.Cluster = x.cluster(i)
			}
			cs[i] = &cc
		}
		ss := map[string][]string{"other": {"SAB-V1-011"}}
		for k, v := range sets {
			ss[k] = append([]string(nil), v...)
		}
		if x.sets != nil {
			x.sets(ss)
		}
		return &results.Input{Releases: []*analysis.Release{analysis.NewRelease(cs, ss, vs, oracle.SafeAct),
			analysis.NewRelease(cs, ss, relaxed(vs), oracle.Presets[3])}, Stats: x.stats, Choices: x.choices}
	}
	tauCases, tauVerdicts, tauPolicy := tauReadsFixture(t)
	official := func(x readsInput) *results.Input {
		cs := make([]*casespec.Case, len(tauCases))
		for i, c := range tauCases {
			cc := *c
			if x.cluster != nil {
				cc.Cluster = x.cluster(i)
			}
			cs[i] = &cc
		}
		return &results.Input{Releases: []*analysis.Release{analysis.NewRelease(cs, nil, tauVerdicts, tauPolicy)}, Stats: x.stats, Choices: x.choices}
	}
	render := func(specs []results.Spec, in *results.Input) map[string]string {
		ts, err := results.Build(in, specs)
		if err != nil {
			t.Fatal(err)
		}
		out := map[string]string{}
		for _, tb := range ts {
			var b bytes.Buffer
			for _, f := range []render.Format{render.FormatJSON, render.FormatText} {
				if err := render.Render(&b, tb, f); err != nil {
					t.Fatal(err)
				}
			}
			out[tb.ID] = b.String()
		}
		return out
	}
	for _, group := range []struct {
		specs []results.Spec
		input func(readsInput) *results.Input
	}{{results.Registry, fixture}, {results.OfficialRegistry, official}} {
		base := render(group.specs, group.input(readsBase()))
		for _, v := range readsVariations {
			x := readsBase()
			v.change(&x)
			got := render(group.specs, group.input(x))
			for _, s := range group.specs {
				changed, declared := got[s.ID] != base[s.ID], s.Reads&v.want != 0
				if changed != declared {
					t.Errorf("%s: %s changes the table: %v; declared: %v", s.ID, v.name, changed, declared)
				}
			}
		}
	}
}

// tauReadsFixture are the shared τ-bench airline trajectories under tau-strict, with the
// last trial of every third task left out (so that the pass^k conventions differ).
func tauReadsFixture(t *testing.T) ([]*casespec.Case, []oracle.Verdict, oracle.Policy) {
	t.Helper()
	r, err := tau.ReadFile(filepath.Join("..", "ingest", "tau", "testdata", "gpt-4o-airline-tasks25-49.json"), tau.Options{Config: "gpt-4o/tool-calling"})
	if err != nil || len(r.Problems) > 0 {
		t.Fatalf("%v %v", err, r.Problems)
	}
	b, err := tau.LoadBench("tau-bench:airline", casespec.BenchOptions{})
	if err != nil {
		t.Fatal(err)
	}
	pol, err := oracle.LookupPolicy("tau-strict")
	if err != nil {
		t.Fatal(err)
	}
	prep := map[string]*oracle.Prepared{}
	for _, c := range b.Cases {
		if prep[c.ID], err = oracle.Prepare(c); err != nil {
			t.Fatal(err)
		}
	}
	var vs []oracle.Verdict
	for i, ep := range r.Episodes {
		if ep.Repeat == 3 && (i/4)%3 == 0 {
			continue
		}
		vs = append(vs, prep[ep.CaseID].Score(ep, pol, false))
	}
	return b.Cases, vs, pol
}
