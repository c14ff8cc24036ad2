package results_test

import (
	"math"
	"testing"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/oracle"
)

// TestOneCaseFullRateHasWilson: a configuration that passes its one case has ECS 100% over
// one unit. T2 printed it 100.0 [—, —] (single_unit) while the variance table's pass^1 of the
// same case was the Wilson interval [20.7, 100.0]; both take the Wilson score interval of 1
// success in 1 trial: scipy's binomtest(1, 1).proportion_ci(method="wilson") is
// [0.20654931437723745, 1.0] at 95%.
func TestOneCaseFullRateHasWilson(t *testing.T) {
	cases, sets, vs := fixtureVerdicts(t)
	c := cases[0]
	vs = append(vs, oracle.Fields{RunID: "solo", Config: "M9/Solo", Model: "M9", Harness: "Solo", CaseID: c.ID, BaseCaseID: c.ID,
		Protocol: c.Protocol, Domain: c.Domain, Condition: "main", Status: "completed", ECS: true, FirstAttemptIndex: -1, Official: -1}.Verdict())
	r := analysis.NewRelease(cases, sets, vs, oracle.SafeAct)
	tb := buildOne(t, r, "T2", goldenStats())
	ecs := tb.Column("ecs")
	found := false
	for _, row := range tb.Rows {
		if row.Cells[0].Str() != "M9/Solo" {
			continue
		}
		found = true
		cell := row.Cells[ecs]
		if cell.X() != 1 || math.Abs(cell.Lo()-0.20654931437723745) > 1e-12 || cell.Hi() != 1 {
			t.Errorf("M9/Solo ECS %v [%v, %v], want 1 [0.20654931437723745, 1] (Wilson, 1 of 1)", cell.X(), cell.Lo(), cell.Hi())
		}
	}
	if !found {
		t.Fatal("no M9/Solo row")
	}
}
