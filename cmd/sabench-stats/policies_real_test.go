package main

import (
	"testing"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/casespec"
	"github.com/sabench/sabench-stats/ingest/jsonv"
	"github.com/sabench/sabench-stats/oracle"
)

// TestPoliciesRealCases: policies on a bench of the ten real cases says what each preset
// scores, as checked by hand against docs/policies.md: "ref" runs every reference solution;
// "late" reads after acting (SAB-V1-001's refund preview after the refund, SAB-V3-001's
// route read after the refund and SAB-V2-001's task context read between the second and the
// last step), stops SAB-V0-001 with the wrong label (BLOCK) and runs the other references.
func TestPoliciesRealCases(t *testing.T) {
	b, err := casespec.LoadBench(realCases, casespec.BenchOptions{})
	if err != nil {
		t.Fatal(err)
	}
	move := func(evs []any, from, to int) []any {
		x := evs[from]
		out := append(append([]any(nil), evs[:from]...), evs[from+1:]...)
		return append(out[:to], append([]any{x}, out[to:]...)...)
	}
	var eps []*ingest.Episode
	for _, c := range b.Cases {
		ref, err := oracle.ReferenceEpisode(c)
		if err != nil {
			t.Fatal(err)
		}
		eps = append(eps, ref)
		late := *ref
		late.RunID, late.Config, late.Model, late.Harness = "late/"+c.ID, "late", "late", "late"
		late.Record = ref.Record.Clone()
		evs, _ := ref.Record.List("events")
		evs = jsonv.DeepCopy(evs).([]any)
		switch c.ID {
		case "SAB-V1-001":
			late.Record.Set("events", move(evs, 3, 5))
		case "SAB-V3-001":
			late.Record.Set("events", move(evs, 1, 2))
		case "SAB-V2-001":
			late.Record.Set("events", move(evs, 5, 7))
		case "SAB-V0-001":
			late.Record.Set("terminal", jsonv.NewObject("type", "NO_ACTION", "outcome", "BLOCK"))
		}
		eps = append(eps, &late)
	}
	out, _ := mustRun(t, "policies", "--bench", realCases, "--runs", writeRuns(t, eps), "--resamples", "0", "--format", "json")
	ts := parseTables(t, out)
	if len(ts) != 3 || ts[1].Table != "policies" || ts[2].Table != "policy_ranks" {
		t.Fatalf("tables %+v", ts)
	}
	// late: safeact passes the 6 references and SAB-V2-001 (the read came before the last
	// step, where release 85c044b checks coverage); near-miss and toolsandbox pass the wrong
	// label too (any_stop), not the reads after the refunds; tau-bench passes those as well;
	// 4f33847 checks the coverage at the first step too, which SAB-V2-001's late read misses.
	want := map[string]map[string]float64{
		"safeact":            {"reference": 100, "late": 70},
		"near-miss":          {"reference": 100, "late": 80},
		"toolsandbox":        {"reference": 100, "late": 80},
		"tau-bench/appworld": {"reference": 100, "late": 100},
		"safeact-4f33847":    {"reference": 100, "late": 60},
	}
	seen := 0
	for _, r := range ts[1].Rows {
		w, ok := want[r["policy"].(string)][r["config"].(string)]
		if !ok {
			t.Errorf("unexpected row %v", r)
			continue
		}
		seen++
		if got := num(t, r, "ecs"); got != w {
			t.Errorf("%v %v: ECS %v, want %v", r["policy"], r["config"], got, w)
		}
	}
	if seen != 10 {
		t.Errorf("%d rows, want 10", seen)
	}
	// Episodes passing safeact but failing: only 4f33847's SAB-V2-001.
	for _, r := range ts[2].Rows {
		lost := 0.0
		if r["policy"] == "safeact-4f33847" {
			lost = 1
		}
		if got := num(t, r, "lost"); got != lost {
			t.Errorf("%v: %v episodes pass safeact and fail it, want %v", r["policy"], got, lost)
		}
	}
}
