package figures

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/casespec"
	"github.com/sabench/sabench-stats/oracle"
)

// TestRanksOfUnrankedFirst: a configuration without scored main-condition episodes is left
// out of the slope chart, also when it comes first; the rank sets' tie groups, which
// number the baseline's configurations, then name the chart's rows, so that the chart is
// still drawn (an index past the rows made it fail validation).
func TestRanksOfUnrankedFirst(t *testing.T) {
	cases, vs := abcRelease(func(i int, f oracle.Fields) []oracle.Verdict {
		f.Config, f.Status, f.Excluded, f.ExclusionReason = "dead", "harness_failure", true, "harness_failure"
		return []oracle.Verdict{f.Verdict()}
	})
	pc := analysis.NewPolicyComparison([]*analysis.Release{analysis.NewRelease(cases, nil, vs, oracle.SafeAct)})
	o := analysis.DefaultStatOptions()
	o.Resamples = 200
	f, _, err := RanksOf(pc, o)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"A", "B", "C"}; !reflect.DeepEqual(f.Configs, want) {
		t.Fatalf("configs %v, want %v", f.Configs, want)
	}
	if f.TieGroups == nil {
		t.Fatal("no tie groups: the test needs rank sets")
	}
	if _, err := RenderAll(f, Column); err != nil {
		t.Errorf("the slope chart is not drawn: %v (tie groups %v)", err, f.TieGroups)
	}
}

// TestRanksNameConfigsWithoutASet: a configuration scored on one case keeps its rank in
// the slope chart but has no rank set, so no tie bar can include it; the report's list
// of what was not drawn says so, rather than let its place look ordered against the
// others: once, naming the policies (it repeated the line for each policy).
func TestRanksNameConfigsWithoutASet(t *testing.T) {
	cases, vs := abcRelease(func(i int, f oracle.Fields) []oracle.Verdict {
		if i > 0 {
			return nil
		}
		f.Config, f.ECS = "one", true
		return []oracle.Verdict{f.Verdict()}
	})
	other := oracle.SafeAct
	other.Name, other.Timing = "anytime", oracle.TimingAnytime
	rels := []*analysis.Release{analysis.NewRelease(cases, nil, vs, oracle.SafeAct), analysis.NewRelease(cases, nil, vs, other)}
	pc := analysis.NewPolicyComparison(rels)
	o := analysis.DefaultStatOptions()
	o.Resamples = 200
	figs, skipped, err := Report(rels[0], pc, o, analysis.PaperChoices())
	if err != nil {
		t.Fatal(err)
	}
	var ranks PolicyRanks
	for _, f := range figs {
		if f.Name == "policy_ranks" {
			ranks = f.Fig.(PolicyRanks)
		}
	}
	if ranks.TieGroups == nil || len(ranks.Policies) != 2 {
		t.Fatalf("policy_ranks: tie groups %v, policies %v; the test needs both", ranks.TieGroups, ranks.Policies)
	}
	var got []string
	for _, s := range skipped {
		if strings.HasPrefix(s, "policy_ranks") {
			got = append(got, s)
		}
	}
	const why = ": no rank set (fewer than two resampled units of its own), so the chart cannot show whether the data order it against the others"
	want := []string{"policy_ranks, a tie bar for one under any policy (safeact and anytime)" + why}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("skipped %q\nwant %q", got, want)
	}
}

// abcRelease is 30 V1 cases each run once by A, B and C with differing successes, and the
// verdicts more(i, a completed main episode of case i) adds before theirs.
func abcRelease(more func(i int, f oracle.Fields) []oracle.Verdict) ([]*casespec.Case, []oracle.Verdict) {
	var cases []*casespec.Case
	var vs []oracle.Verdict
	for i := range 30 {
		id := fmt.Sprintf("SAB-V1-%03d", i+1)
		cases = append(cases, &casespec.Case{ID: id, BaseID: id, Protocol: ingest.V1, Domain: "ops_code_agent"})
		f := oracle.Fields{CaseID: id, BaseCaseID: id, Protocol: ingest.V1, Domain: "ops_code_agent", Condition: "main", Status: "completed", FirstAttemptIndex: -1}
		vs = append(vs, more(i, f)...)
		for k, c := range []string{"A", "B", "C"} {
			f.Config, f.ECS = c, (i+k)%(k+2) == 0
			vs = append(vs, f.Verdict())
		}
	}
	return cases, vs
}

// TestNoSetNotes: one line per configuration, in row order, naming its policies.
func TestNoSetNotes(t *testing.T) {
	const why = ": no rank set (fewer than two resampled units of its own), so the chart cannot show whether the data order it against the others"
	got := noSetNotes([][]int{{1, 0}, {0}, {0}}, []string{"a", "b"}, []string{"p", "q", "r"})
	want := []string{"policy_ranks, a tie bar for a under any policy (p, q and r)" + why, "policy_ranks, a tie bar for b under p" + why}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %q\nwant %q", got, want)
	}
}

// TestRanksOneConfigLeftOut: with one configuration ranked (τ-bench's one model) the slope
// chart is one line at rank 1 under every policy; it is left out, and said, rather than
// drawn as if it compared something.
func TestRanksOneConfigLeftOut(t *testing.T) {
	cases, all := abcRelease(func(int, oracle.Fields) []oracle.Verdict { return nil })
	var vs []oracle.Verdict
	for i := range all {
		if all[i].Config() == "A" {
			vs = append(vs, all[i])
		}
	}
	other := oracle.SafeAct
	other.Name, other.Timing = "anytime", oracle.TimingAnytime
	rels := []*analysis.Release{analysis.NewRelease(cases, nil, vs, oracle.SafeAct), analysis.NewRelease(cases, nil, vs, other)}
	o := analysis.DefaultStatOptions()
	o.Resamples = 200
	figs, skipped, err := Report(rels[0], analysis.NewPolicyComparison(rels), o, analysis.PaperChoices())
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range figs {
		if f.Name == "policy_ranks" {
			t.Errorf("policy_ranks drawn for one configuration: %+v", f.Fig)
		}
	}
	const want = "policy_ranks: only one configuration ranked (A): its rank is 1 under every policy"
	if !slices.Contains(skipped, want) {
		t.Errorf("skipped %q\nwant %q among them", skipped, want)
	}
}
