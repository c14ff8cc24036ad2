package results_test

import (
	"math"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/oracle"
)

// TestT2NoRankSetForOneCaseConfig: a configuration scored on one case got rank set [1, 1]
// in T2 (its ECS never varies under resampling) and the note called the order resolved.
// It now keeps its rank without a set, the note names it, and no longer says resolved.
func TestT2NoRankSetForOneCaseConfig(t *testing.T) {
	cases, sets, vs := fixtureVerdicts(t)
	c := cases[0]
	vs = append(vs, oracle.Fields{RunID: "solo", Config: "M9/Solo", Model: "M9", Harness: "Solo", CaseID: c.ID, BaseCaseID: c.ID,
		Protocol: c.Protocol, Domain: c.Domain, Condition: "main", Status: "completed", ECS: true, FirstAttemptIndex: -1, Official: -1}.Verdict())
	r := analysis.NewRelease(cases, sets, vs, oracle.SafeAct)
	tb := buildOne(t, r, "T2", goldenStats())
	notes := strings.Join(tb.Notes, "\n")
	if !strings.Contains(notes, "no set for M9/Solo (fewer than two resampled units of its own") {
		t.Errorf("T2 notes do not name M9/Solo as without a set:\n%s", notes)
	}
	if strings.Contains(notes, "order is resolved") {
		t.Errorf("T2 calls the order resolved beside a configuration without a set:\n%s", notes)
	}
	rank := tb.Column("rank")
	for _, row := range tb.Rows {
		if row.Cells[0].Str() != "M9/Solo" {
			continue
		}
		if cell := row.Cells[rank]; cell.X() != 1 || !math.IsNaN(cell.Lo()) || !math.IsNaN(cell.Hi()) {
			t.Errorf("M9/Solo's rank cell %v [%v, %v], want its rank 1 without a set", cell.X(), cell.Lo(), cell.Hi())
		}
	}
}
