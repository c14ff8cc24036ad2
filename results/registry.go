package results

import (
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/bootstrap/workers"
	"github.com/sabench/sabench-stats/ingest"
)

// Need says what a table is built from.
type Need int

const (
	// NeedRelease: the first scored policy's release.
	NeedRelease Need = iota
	// NeedPolicies: every scored policy's release (the policy comparison).
	NeedPolicies
)

// Spec is one table of the registry: its id, a title for listings (a built table's title
// may name the options it used), what it needs and how it is built.
type Spec struct {
	ID, Title string
	Needs     Need
	Build     func(*Input) (*Table, error)
	// Reads are the options the table's output depends on (TestTablesReadWhatTheyDeclare
	// holds every table to them): a command refuses an option that none of the tables it
	// builds reads (CheckReads).
	Reads Option
}

// Registry is every table, in report order: `tables`, `report` and the report index read
// it. Adding a table is adding an entry here.
var Registry = []Spec{
	{"T1", "Protocol sizes and domains", NeedRelease, buildT1, 0},
	{"T2", "Main results: Exact Case Success (%)", NeedRelease, buildT2, optIntervals | optScored},
	{"T3", "Where failures occur: diagnostic rates (%)", NeedRelease, buildT3, optIntervals | optScored},
	{"T4", "Paired harness comparison (family harness − shared harness, V0–V3)", NeedRelease, buildT4, optIntervals | optScored | OptAdjust | OptSharedHarness},
	{"T7", "Case complexity: prescribed reads and workflow shape", NeedRelease, buildT7, 0},
	{"T8", "ECS per domain (%)", NeedRelease, buildT8, optIntervals | optScored},
	{"T9", "Static judgment vs interactive ECS on the matched V1 cases", NeedRelease, buildT9, optIntervals | optScored | OptSetT9},
	{"T10", "Class-balanced control: static vs interactive accuracy", NeedRelease, buildT10, optIntervals | optScored | OptSetT10},
	{"T13", "Strategy condition vs main (ECS %, all protocols)", NeedRelease, buildT13, optIntervals | optScored | OptAdjust | OptStrategyAll},
	{"T14", "Strategy condition vs main (ECS %, V0–V3)", NeedRelease, buildT14, optIntervals | optScored | OptAdjust | OptStrategyExec},
	{"failures", "Failure types per protocol (share of episodes, %)", NeedRelease, buildFailures, optScored},
	{"interventions", "Evidence interventions: probability of acting (V1)", NeedRelease, buildInterventions, optIntervals | optScored | OptAdjust | OptSetInterventions},
	{"disagreement", "Case-level disagreement between harnesses (majority of repeats, V0–V3)", NeedRelease, buildDisagreement, optScored | OptAdjust | OptSharedHarness},
	{"variance", "Repeat-to-repeat variation of ECS and the noise floor (V0–V3)", NeedRelease, buildVariance, optIntervals | optScored | OptClusters | OptPassK},
	{"coverage", "Coverage: episodes read, scored and excluded", NeedRelease, buildCoverage, OptInfraFailures | OptDedupe},
	{"cost", "Cost: episodes, spend, tokens and wall time per configuration", NeedRelease, buildCost, OptPolicy | OptDedupe},
	{"domains", "ECS per configuration, domain and protocol (%)", NeedRelease, buildDomains, optIntervals | optScored},
	{"policies", "ECS under each authorization policy (%)", NeedPolicies, buildPolicies, optIntervals | optScored | OptPolicies | OptAdjust},
	{"policy_ranks", "Leaderboard agreement with the baseline policy", NeedPolicies, buildPolicyRanks, optIntervals | optScored | OptPolicies},
	{policySettingsID, "Authorization policies compared", NeedPolicies, buildPolicySettings, OptPolicy | OptPolicies},
}

// Lookup finds a table by id (case-insensitive), in Registry or OfficialRegistry.
func Lookup(id string) (Spec, error) {
	all := append(append([]Spec(nil), Registry...), OfficialRegistry...)
	for _, s := range all {
		if strings.EqualFold(s.ID, id) {
			return s, nil
		}
	}
	ids := make([]string, len(all))
	for i, s := range all {
		ids[i] = s.ID
	}
	return Spec{}, fmt.Errorf("unknown table %q (known: %s)", id, ingest.QuotedList(ids))
}

// Input is what the tables are built from: one release per scored policy (the first is
// the main one), the interval options and the paper's choices.
type Input struct {
	Releases []*analysis.Release
	Stats    analysis.StatOptions
	Choices  analysis.Choices
	// Domains narrows the domains table.
	Domains analysis.DomainFilter
	// Dropped are the episodes a dedupe policy dropped (analysis.ScoredRelease.Dropped):
	// read, but in no release, so the coverage table counts them by their keys.
	Dropped []ingest.Problem

	once     sync.Once
	policies *analysis.PolicyResult
	err      error
}

// Main is the release of the first policy, which every single-release table reads.
func (in *Input) Main() *analysis.Release { return in.Releases[0] }

// Policies is the policy comparison, computed once for the tables that read it.
func (in *Input) Policies() (*analysis.PolicyResult, error) {
	in.once.Do(func() {
		in.policies, in.err = analysis.NewPolicyComparison(in.Releases).Compare(in.Stats)
	})
	return in.policies, in.err
}

// Build builds the given specs, returned in order. A table without rows always says why
// (Table.Empty, and a note). The tables are built side by side on up to Stats.Workers
// goroutines (0: GOMAXPROCS): each table's bootstraps are parallel, but the work between
// them (their setup, the intervals' sorting, the cells) is not. A table reads nothing of
// another, so the tables do not depend on the worker count; an error is the first
// failing spec's, as built one after the other.
func Build(in *Input, specs []Spec) ([]*Table, error) {
	out := make([]*Table, len(specs))
	err := workers.Each(len(specs), in.Stats.Workers, func(i int) error {
		t, err := specs[i].Build(in)
		if err != nil {
			return fmt.Errorf("table %s: %w", specs[i].ID, err)
		}
		// Empty is never silent: a builder that gave no reason still gets one.
		emptyBecause(t, "no rows for this input")
		out[i] = t
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// LookupAll is Lookup of every id, in order; an id asked for twice (in any case) is an
// error, since the table would be printed twice or written over itself.
func LookupAll(ids []string) ([]Spec, error) {
	specs := make([]Spec, 0, len(ids))
	for _, id := range ids {
		s, err := Lookup(id)
		if err != nil {
			return nil, err
		}
		if slices.ContainsFunc(specs, func(p Spec) bool { return p.ID == s.ID }) {
			return nil, fmt.Errorf("table %s is asked for twice", s.ID)
		}
		specs = append(specs, s)
	}
	return specs, nil
}

// PolicyTables are the tables of the policy comparison (the registry's NeedPolicies
// specs), as the policies command writes them: the settings compared first, since they
// say what the other tables compare, then the rest in registry order.
func PolicyTables() []Spec {
	var settings, rest []Spec
	for _, s := range Registry {
		switch {
		case !s.ComparesPolicies():
		case s.ID == policySettingsID:
			settings = append(settings, s)
		default:
			rest = append(rest, s)
		}
	}
	return append(settings, rest...)
}

// ComparesPolicies reports whether s is a table of the policy comparison (PolicyTables):
// it compares the scored policies with one another, so that of one policy it would compare
// the policy with itself (Δ 0.0, Kendall τ-b 1.000), and is neither a default nor written
// then. official needs every scored policy too, but compares none with another.
func (s Spec) ComparesPolicies() bool {
	return s.Needs == NeedPolicies && slices.ContainsFunc(Registry, func(r Spec) bool { return r.ID == s.ID })
}

// NeedPoliciesIn reports whether any of specs reads every scored policy's release.
func NeedPoliciesIn(specs []Spec) bool {
	for _, s := range specs {
		if s.Needs == NeedPolicies {
			return true
		}
	}
	return false
}

// Default lists the tables that apply: all but the policy comparison's, and those too when
// more than one policy was scored (Spec.ComparesPolicies).
func Default(policies int) []Spec { return defaultOf(Registry, policies) }

// DefaultFor is Default for the release r (its main policy's): on a bench with action
// rules, the tables ReportSpecs writes for it.
func DefaultFor(r *analysis.Release, policies int) []Spec {
	return DefaultOf(r.OfficialTasks(), policies)
}

// DefaultOf is DefaultFor for a release whose cases take task success from the
// benchmark's own verdict (official) or not (SpecsFor).
func DefaultOf(official bool, policies int) []Spec {
	specs, _ := SpecsFor(official)
	return defaultOf(specs, policies)
}

func defaultOf(specs []Spec, policies int) []Spec {
	var out []Spec
	for _, s := range specs {
		if !s.ComparesPolicies() || policies > 1 {
			out = append(out, s)
		}
	}
	return out
}

// Listing is one line per table of the Registry, in its order: the id and the title; then
// the OfficialRegistry's, which only benches with action rules fill.
func Listing() string {
	w := 0
	for _, s := range append(append([]Spec(nil), Registry...), OfficialRegistry...) {
		w = max(w, len(s.ID))
	}
	var b strings.Builder
	for _, s := range Registry {
		fmt.Fprintf(&b, "%-*s %s\n", w, s.ID, s.Title)
	}
	for _, s := range OfficialRegistry {
		fmt.Fprintf(&b, "%-*s %s (benches with action rules, such as tau-bench:airline)\n", w, s.ID, s.Title)
	}
	return b.String()
}

// ReportSpecs are the tables a report of r writes, in order, and why the others are not
// written: Registry; for a release whose cases take task success from the benchmark's own
// verdict (analysis.Release.OfficialTasks: the τ-bench domains) the Registry tables that
// apply (RulesApply) and then OfficialRegistry.
func ReportSpecs(r *analysis.Release) (specs []Spec, notApplicable []string) {
	return SpecsFor(r.OfficialTasks())
}

// SpecsFor is ReportSpecs for a release whose cases take task success from the
// benchmark's own verdict (official) or not: a command that knows which before scoring
// (a tau-bench: bench) checks its options against them.
func SpecsFor(official bool) (specs []Spec, notApplicable []string) {
	if !official {
		return Registry, nil
	}
	for _, s := range Registry {
		if why := RulesApply(s.ID); why != "" {
			notApplicable = append(notApplicable, why)
			continue
		}
		specs = append(specs, s)
	}
	return append(specs, OfficialRegistry...), notApplicable
}
