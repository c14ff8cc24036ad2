package results_test

import (
	"bytes"
	"fmt"
	"slices"
	"testing"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/bootstrap"
	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/casespec"
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
	// What is scored: the first policy and the policies after it replaced by others
	// (--policy), infra_failure episodes scored as failures (--infra-failures fail), the
	// last of duplicate episodes kept instead of the first (--dedupe).
	otherFirst, otherRest, infraFail, dedupeLast bool
}

// readsVariations change one option each from the base (readsBase); want are the
// options a table must declare for the change to show in it.
var readsVariations = []struct {
	name   string
	want   results.Option
	change func(*readsInput)
}{
	{"policy", results.OptPolicy, func(x *readsInput) { x.otherFirst = true }},
	{"policies after the first", results.OptPolicies, func(x *readsInput) { x.otherRest = true }},
	{"infra-failures", results.OptInfraFailures, func(x *readsInput) { x.infraFail = true }},
	{"dedupe", results.OptDedupe, func(x *readsInput) { x.dedupeLast = true }},
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
	// infra_failure episodes on a V1 case that T9, T10 and the interventions pair, and as
	// a fourth repeat of a case that a family harness passed 2 of 3 times (the majority
	// the disagreement table takes then ties); a duplicate of a success of a V1 case that
	// the shared harness passed 2 of 3 times, and of an episode of the case T10 and the
	// interventions read.
	infraKeys := []ingest.Key{{Config: "M1/Family", CaseID: "SAB-V1-001", Repeat: 3, Condition: "main"},
		twoOfThree(t, vs, "M2/Family", false)}
	infraKeys[1].Repeat = 3
	dupKeys := []ingest.Key{twoOfThree(t, vs, "M2/Inspect", true), {Config: "M2/Inspect", CaseID: "SAB-V1-001", Repeat: 0, Condition: "main"}}
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
		vs, dropped := scoredAs(x, vs, infraKeys, -1, dupKeys)
		first, firstPol, rest, restPol := vs, oracle.SafeAct, relaxed(vs), oracle.Presets[3]
		if x.otherFirst {
			first, firstPol = stricter(vs), oracle.Presets[1]
		}
		if x.otherRest {
			rest, restPol = stricter(rest), oracle.Presets[2]
		}
		return &results.Input{Releases: []*analysis.Release{analysis.NewRelease(cs, ss, first, firstPol),
			analysis.NewRelease(cs, ss, rest, restPol)}, Stats: x.stats, Choices: x.choices, Dropped: dropped}
	}
	tauCases, tauVerdicts, tauPolicy := tauReadsFixture(t)
	// The duplicate is of an episode the benchmark passed with a write not authorized.
	f0 := tauVerdicts[0].Fields()
	for i := range tauVerdicts {
		if f := tauVerdicts[i].Fields(); f.Official == 1 && f.MissingAtCheckpoint {
			f0 = f
			break
		}
	}
	tauDup := ingest.Key{Config: f0.Config, CaseID: f0.CaseID, Repeat: f0.Repeat, Condition: f0.Condition}
	tauInfra := []ingest.Key{{Config: f0.Config, CaseID: tauVerdicts[5].CaseID(), Repeat: 9, Condition: f0.Condition}}
	official := func(x readsInput) *results.Input {
		cs := make([]*casespec.Case, len(tauCases))
		for i, c := range tauCases {
			cc := *c
			if x.cluster != nil {
				cc.Cluster = x.cluster(i)
			}
			cs[i] = &cc
		}
		vs, dropped := scoredAs(x, tauVerdicts, tauInfra, 0, []ingest.Key{tauDup})
		first, pol := vs, tauPolicy
		if x.otherFirst {
			first, pol = stricter(vs), oracle.ConfirmationPresets[1]
		}
		rest, restPol := vs, oracle.ConfirmationPresets[2]
		if x.otherRest {
			rest = stricter(vs)
		}
		return &results.Input{Releases: []*analysis.Release{analysis.NewRelease(cs, nil, first, pol), analysis.NewRelease(cs, nil, rest, restPol)},
			Stats: x.stats, Choices: x.choices, Dropped: dropped}
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

// scoredAs is vs as scored under x's --infra-failures and --dedupe: the episodes of
// infra add an excluded infra_failure episode each (scored as a failure under
// infraFail; official is their benchmark reward, -1 for none), and the episode of dup has a duplicate that ran out of time (an
// infra_failure with its own usage), kept instead of it under dedupeLast; the one not
// kept is in the dropped problems, as a dedupe policy reports it.
func scoredAs(x readsInput, vs []oracle.Verdict, infra []ingest.Key, official int8, dup []ingest.Key) ([]oracle.Verdict, []ingest.Problem) {
	out := make([]oracle.Verdict, 0, len(vs)+len(infra))
	for _, v := range vs {
		f := v.Fields()
		if slices.Contains(dup, ingest.Key{Config: f.Config, CaseID: f.CaseID, Repeat: f.Repeat, Condition: f.Condition}) {
			if x.dedupeLast {
				f.Status, f.Excluded, f.ExclusionReason, f.ECS, f.FailureType = "infra_failure", true, "infra_failure", false, ""
				f.Usage.CostUSD, f.Usage.WallSeconds = f.Usage.CostUSD+1, f.Usage.WallSeconds+60
				f.RunID += "-rerun"
			}
			v = f.Verdict()
		}
		out = append(out, v)
	}
	for _, k := range infra {
		f := oracle.Fields{RunID: fmt.Sprintf("%s|%s|%d|%s|infra", k.Config, k.CaseID, k.Repeat, k.Condition), Config: k.Config,
			CaseID: k.CaseID, Repeat: k.Repeat, Condition: k.Condition, Status: "infra_failure", Excluded: true,
			ExclusionReason: "infra_failure", FirstAttemptIndex: -1, Official: official}
		for _, v := range vs {
			if v.CaseID() == k.CaseID && v.Config() == k.Config {
				g := v.Fields()
				f.Model, f.Harness, f.BaseCaseID, f.Protocol, f.Domain, f.Static = g.Model, g.Harness, g.BaseCaseID, g.Protocol, g.Domain, g.Static
				break
			}
		}
		out = append(out, f.Verdict())
	}
	if x.infraFail {
		for i := range out {
			oracle.CountInfraFailure(&out[i])
		}
	}
	dropped := make([]ingest.Problem, len(dup))
	for i := range dup {
		dropped[i].Dropped = &dup[i]
	}
	return out, dropped
}

// twoOfThree is the key of a main-condition V1 episode of config whose case config
// passed in 2 of its 3 repeats: a success (one that was complete at its first attempt)
// when success is true, else any.
func twoOfThree(t *testing.T, vs []oracle.Verdict, config string, success bool) ingest.Key {
	t.Helper()
	wins := map[string]int{}
	for i := range vs {
		if vs[i].Config() == config && vs[i].Condition() == "main" && vs[i].ECS() {
			wins[vs[i].CaseID()]++
		}
	}
	for i := range vs {
		f := vs[i].Fields()
		if f.Config == config && f.Condition == "main" && f.Protocol == ingest.V1 && wins[f.CaseID] == 2 &&
			(!success || f.ECS && f.CompleteAtFirstAttempt) {
			return ingest.Key{Config: f.Config, CaseID: f.CaseID, Repeat: f.Repeat, Condition: f.Condition}
		}
	}
	t.Fatalf("no V1 case of %s passed 2 of 3 times", config)
	return ingest.Key{}
}

// stricter is a stand-in for a stricter policy: every third success fails.
func stricter(vs []oracle.Verdict) []oracle.Verdict {
	out := append([]oracle.Verdict(nil), vs...)
	for i := range out {
		if out[i].ECS() && i%3 == 1 {
			f := out[i].Fields()
			f.ECS, f.FailureType = false, "premature_action"
			out[i] = f.Verdict()
		}
	}
	return out
}

// tauReadsFixture are the shared τ-bench airline trajectories under tau-strict, with the
// last trial of every third task left out (so that the pass^k conventions differ).
func tauReadsFixture(t *testing.T) ([]*casespec.Case, []oracle.Verdict, oracle.Policy) {
	t.Helper()
	b, eps := tauAirline(t)
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
	for i, ep := range eps {
		if ep.Repeat == 3 && (i/4)%3 == 0 {
			continue
		}
		vs = append(vs, prep[ep.CaseID].Score(ep, pol, false))
	}
	return b.Cases, vs, pol
}
