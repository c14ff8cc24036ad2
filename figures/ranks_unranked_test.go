package figures

import (
	"fmt"
	"reflect"
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
	f, err := RanksOf(pc, o)
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
