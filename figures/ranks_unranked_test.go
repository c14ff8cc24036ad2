package figures

import (
	"fmt"
	"reflect"
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
	var cases []*casespec.Case
	var vs []oracle.Verdict
	for i := range 30 {
		id := fmt.Sprintf("SAB-V1-%03d", i+1)
		cases = append(cases, &casespec.Case{ID: id, BaseID: id, Protocol: ingest.V1, Domain: "ops_code_agent"})
		vs = append(vs, oracle.Fields{Config: "dead", CaseID: id, BaseCaseID: id, Protocol: ingest.V1, Domain: "ops_code_agent",
			Condition: "main", Status: "harness_failure", Excluded: true, ExclusionReason: "harness_failure", FirstAttemptIndex: -1}.Verdict())
		for k, c := range []string{"A", "B", "C"} {
			vs = append(vs, oracle.Fields{Config: c, CaseID: id, BaseCaseID: id, Protocol: ingest.V1, Domain: "ops_code_agent",
				Condition: "main", Status: "completed", ECS: (i+k)%(k+2) == 0, FirstAttemptIndex: -1}.Verdict())
		}
	}
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
// of what was not drawn says so for each policy column, rather than let its place look
// ordered against the others.
func TestRanksNameConfigsWithoutASet(t *testing.T) {
	var cases []*casespec.Case
	var vs []oracle.Verdict
	for i := range 30 {
		id := fmt.Sprintf("SAB-V1-%03d", i+1)
		cases = append(cases, &casespec.Case{ID: id, BaseID: id, Protocol: ingest.V1, Domain: "ops_code_agent"})
		for k, c := range []string{"A", "B", "C"} {
			vs = append(vs, oracle.Fields{Config: c, CaseID: id, BaseCaseID: id, Protocol: ingest.V1, Domain: "ops_code_agent",
				Condition: "main", Status: "completed", ECS: (i+k)%(k+2) == 0, FirstAttemptIndex: -1}.Verdict())
		}
		if i == 0 {
			vs = append(vs, oracle.Fields{Config: "one", CaseID: id, BaseCaseID: id, Protocol: ingest.V1, Domain: "ops_code_agent",
				Condition: "main", Status: "completed", ECS: true, FirstAttemptIndex: -1}.Verdict())
		}
	}
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
	want := []string{"policy_ranks, a tie bar for one under safeact" + why, "policy_ranks, a tie bar for one under anytime" + why}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("skipped %q\nwant %q", got, want)
	}
}
