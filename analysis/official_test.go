package analysis

import (
	"math"
	"testing"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/casespec"
	"github.com/sabench/sabench-stats/ingest/jsonv"
	"github.com/sabench/sabench-stats/oracle"
)

// TestOfficialVsOracle: two tasks × two trials, values by hand. Task A: reward 1, 1;
// authorized 1, 0. Task B: reward 0, 1; authorized 0, 1. Reward 3/4, authorized 2/4, one
// reward-only episode (exact McNemar p = 1 for 1 vs 0). pass^2 (planned, n = 2): reward
// (C(2,2)/C(2,2) + C(1,2)/C(2,2))/2 = 0.5, authorized (0 + 0)/2 = 0.
func TestOfficialVsOracle(t *testing.T) {
	spec := jsonv.NewObject("task_success", "official")
	cases := []*casespec.Case{{ID: "T-A", BaseID: "T-A", Protocol: ingest.V1, Spec: spec}, {ID: "T-B", BaseID: "T-B", Protocol: ingest.V1, Spec: spec}}
	var vs []oracle.Verdict
	for _, x := range []struct {
		id       string
		rep      int
		off, ecs bool
	}{{"T-A", 0, true, true}, {"T-A", 1, true, false}, {"T-B", 0, false, false}, {"T-B", 1, true, true}} {
		off := int8(0)
		if x.off {
			off = 1
		}
		vs = append(vs, oracle.Fields{RunID: x.id + string(rune('0'+x.rep)), Config: "m/h", CaseID: x.id, BaseCaseID: x.id, Protocol: ingest.V1,
			Repeat: x.rep, Condition: "main", Status: "completed", ECS: x.ecs, Official: off, MissingAtCheckpoint: x.off && !x.ecs}.Verdict())
	}
	r := NewRelease(cases, nil, vs, oracle.SafeAct)
	if !r.OfficialTasks() {
		t.Fatal("cases with task_success official")
	}
	o := DefaultStatOptions()
	o.Resamples = 1000
	rows, err := r.OfficialVsOracle(r.Main(), []int{1, 2, 3}, o)
	if err != nil || len(rows) != 1 {
		t.Fatalf("%v %v", rows, err)
	}
	x := rows[0]
	if x.Episodes != 4 || x.Cases != 2 || x.Official.X != 0.75 || x.Oracle.X != 0.5 || x.Diff.X != 0.25 || x.OnlyOfficial != 1 || x.OnlyOracle != 0 || x.McNemarP != 1 {
		t.Errorf("row %+v", x)
	}
	if math.IsNaN(x.Official.Lo) || x.Official.Lo > x.Official.X || x.Official.Hi < x.Official.X {
		t.Errorf("reward interval [%v, %v] around %v", x.Official.Lo, x.Official.Hi, x.Official.X)
	}
	// [convention, k] → reward, authorized
	want := map[[2]int][2]float64{{0, 1}: {0.75, 0.5}, {0, 2}: {0.5, 0}, {1, 1}: {0.75, 0.5}, {1, 2}: {0.5, 0}}
	// k = 3 is above the two planned trials: no row for it.
	if len(x.PassK) != 4 {
		t.Fatalf("pass^k rows %+v", x.PassK)
	}
	for _, pk := range x.PassK {
		w := want[[2]int{int(pk.Convention), pk.K}]
		if pk.Official.X != w[0] || pk.Oracle.X != w[1] {
			t.Errorf("%s pass^%d: %v %v, want %v", pk.Convention, pk.K, pk.Official.X, pk.Oracle.X, w)
		}
	}
	if got := r.OfficialPassedUnauthorized(); len(got) != 1 || got[0].CaseID != "T-A" || got[0].Repeat != 1 {
		t.Errorf("rewarded but unauthorized: %v", got)
	}
	// A release of SafeActBench cases does not take task success from the official verdict.
	if NewRelease([]*casespec.Case{{ID: "SAB-V1-001", Spec: jsonv.NewObject()}}, nil, nil, oracle.SafeAct).OfficialTasks() {
		t.Error("OfficialTasks without task_success")
	}
}
