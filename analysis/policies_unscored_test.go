package analysis

import (
	"fmt"
	"math"
	"reflect"
	"testing"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/casespec"
	"github.com/sabench/sabench-stats/oracle"
)

// TestPolicyComparisonLeavesOutUnscoredConfigs: a configuration whose main-condition
// episodes were all excluded (every run a harness failure) has no ECS under any policy. It
// made τ-b, ρ and the mean Δ ECS of every policy NaN (printed empty, without a reason),
// and it was ranked last on every leaderboard. The comparison now leaves it out of them
// and names it (Unranked).
func TestPolicyComparisonLeavesOutUnscoredConfigs(t *testing.T) {
	var cases []*casespec.Case
	var base, other []oracle.Verdict
	for i := range 30 {
		id := fmt.Sprintf("SAB-V1-%03d", i+1)
		cases = append(cases, &casespec.Case{ID: id, BaseID: id, Protocol: ingest.V1, Domain: "ops_code_agent"})
		for _, c := range []struct {
			name      string
			ok, other bool
		}{{"A", i%3 != 0, true}, {"B", i%2 == 0, i%2 == 0 || i%5 == 0}, {"C", i%4 == 0, true}} {
			base = append(base, v(c.name, id, ingest.V1, "ops_code_agent", 0, c.ok))
			other = append(other, v(c.name, id, ingest.V1, "ops_code_agent", 0, c.other))
		}
		dead := oracle.Fields{Config: "dead", CaseID: id, BaseCaseID: id, Protocol: ingest.V1, Domain: "ops_code_agent",
			Condition: "main", Status: "harness_failure", Excluded: true, ExclusionReason: "harness_failure", FirstAttemptIndex: -1}.Verdict()
		base, other = append(base, dead), append(other, dead)
	}
	lenient := oracle.SafeAct
	lenient.Name, lenient.Coverage = "lenient", oracle.CoverageOff
	pc := NewPolicyComparison([]*Release{NewRelease(cases, nil, base, oracle.SafeAct), NewRelease(cases, nil, other, lenient)})
	o := DefaultStatOptions()
	o.Resamples = 200
	res, err := pc.Compare(o)
	if err != nil {
		t.Fatal(err)
	}
	if got := pc.Unranked(); !reflect.DeepEqual(got, []string{"dead"}) {
		t.Errorf("Unranked = %v, want [dead]", got)
	}
	row := res.Rows[1]
	if math.IsNaN(row.Tau.X) || math.IsNaN(row.Rho.X) || math.IsNaN(row.MeanGain) {
		t.Errorf("τ-b %v, ρ %v, mean Δ %v: a configuration without scored episodes made them NaN", row.Tau.X, row.Rho.X, row.MeanGain)
	}
	// A, B and C gain 10/30, 3/30 and 22/30: the mean over the three scored configurations.
	if want := (10.0 + 3 + 22) / 90; math.Abs(row.MeanGain-want) > 1e-12 {
		t.Errorf("mean Δ ECS %v, want %v", row.MeanGain, want)
	}
}
