package results_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/figures"
	"github.com/sabench/sabench-stats/results"
)

// TestPolicyTablesNameTheMeasureOnTauBench: on the τ-bench airline trajectories under
// tau-strict and the outcome-only tau-bench preset, policies and policy_ranks said "ECS
// under each authorization policy", "ECS", "Mean Δ ECS" and "overall ECS" (and the
// figure's axis "highest ECS") where T2 says Authorized; under tau-bench, which gates no
// write, the rate is the benchmark's reward success, which a note now says. The
// ecs_by_protocol and domain_heatmap figures said ECS of the same rate.
func TestPolicyTablesNameTheMeasureOnTauBench(t *testing.T) {
	b, eps := tauAirline(t)
	var rels []*analysis.Release
	for _, name := range []string{"tau-strict", "tau-bench"} {
		pol, vs := scoreUnder(t, b, eps, name)
		rels = append(rels, analysis.NewRelease(b.Cases, nil, vs, pol))
	}
	o := analysis.StatOptions{Resamples: 50, Level: 0.95, Seed: 1, Workers: 1}
	specs, err := results.LookupAll([]string{"policies", "policy_ranks"})
	if err != nil {
		t.Fatal(err)
	}
	ts, err := results.Build(&results.Input{Releases: rels, Stats: o}, specs)
	if err != nil {
		t.Fatal(err)
	}
	outcome := "Under tau-bench (binding=off: outcome only) no write is gated, so its Authorized is the benchmark's own verdict, the reward success (the official table's)."
	pol, ranks := ts[0], ts[1]
	if pol.Title != "Authorized success under each authorization policy (%)" || pol.Columns[2].Header != "Authorized [95% CI]" || pol.Columns[2].Key != "ecs" ||
		!slices.Contains(pol.Notes, outcome) || strings.Contains(strings.Join(pol.Notes, "\n"), "ECS") {
		t.Errorf("policies: title %q, column %q (%s), notes\n%s", pol.Title, pol.Columns[2].Header, pol.Columns[2].Key, strings.Join(pol.Notes, "\n"))
	}
	last := ranks.Columns[len(ranks.Columns)-1]
	if last.Header != "Mean Δ Authorized" || last.Key != "mean_gain" || !slices.Contains(ranks.Notes, outcome) || strings.Contains(strings.Join(ranks.Notes, "\n"), "ECS") {
		t.Errorf("policy_ranks: column %q (%s), notes\n%s", last.Header, last.Key, strings.Join(ranks.Notes, "\n"))
	}
	fig, _, err := figures.RanksOf(analysis.NewPolicyComparison(rels), o)
	if err != nil {
		t.Fatal(err)
	}
	if fig.Measure != "authorized success" {
		t.Errorf("policy_ranks figure: measure %q, want authorized success", fig.Measure)
	}
	// The bars and cells of the other figures are the same rate (they said ECS too).
	figs, _, err := figures.Report(rels[0], nil, o, analysis.PaperChoices())
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range figs {
		switch x := f.Fig.(type) {
		case figures.ECSByProtocol:
			if x.Measure != "authorized success" {
				t.Errorf("%s: measure %q", f.Name, x.Measure)
			}
		case figures.DomainHeatMap:
			if x.Measure != "authorized success" {
				t.Errorf("%s: measure %q", f.Name, x.Measure)
			}
		}
	}
}

// TestCompareNamesTheMeasureOnTauBench: `compare` on the τ-bench airline trajectories
// (gpt-4o against a copy of itself) headed its rates "ECS A" and "ECS B" and said "ECS pools
// their repeats" where T2 names the rate Authorized; it names it so (the data keys stay
// ecs_a, ecs_b).
func TestCompareNamesTheMeasureOnTauBench(t *testing.T) {
	b, own := tauAirline(t)
	eps := own
	for _, ep := range own {
		c := *ep
		c.RunID, c.Config, c.Harness = "copy/"+ep.RunID, "gpt-4o/copy", "copy"
		eps = append(eps, &c)
	}
	pol, vs := scoreUnder(t, b, eps, "tau-strict")
	rel := analysis.NewRelease(b.Cases, nil, vs, pol)
	o := analysis.StatOptions{Resamples: 50, Level: 0.95, Seed: 1, Workers: 1}
	spec := analysis.CompareSpec{A: "gpt-4o/tool-calling", B: "gpt-4o/copy", Condition: "main"}
	scopes, err := rel.Compare(spec, o)
	if err != nil {
		t.Fatal(err)
	}
	tb := buildCompare(t, rel, spec, scopes, o)
	var heads []string
	for _, c := range tb.Columns {
		if c.Key == "ecs_a" || c.Key == "ecs_b" {
			heads = append(heads, c.Header)
		}
	}
	notes := strings.Join(tb.Notes, "\n")
	if strings.Join(heads, "|") != "Authorized A|Authorized B" || strings.Contains(notes, "ECS") || !strings.Contains(notes, "(Authorized pools their repeats)") {
		t.Errorf("columns %q, notes\n%s", heads, notes)
	}
}
