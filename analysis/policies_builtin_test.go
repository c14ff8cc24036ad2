package analysis

import (
	"testing"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/casespec"
	"github.com/sabench/sabench-stats/ingest/synth"
	"github.com/sabench/sabench-stats/oracle"
)

// TestOutcomeOnlyPresetsContainSafeAct checks, on the built-in release's main episodes,
// that every episode successful under safeact is successful under each preset (their
// success sets contain safeact's), and that the outcome-only presets raise every
// configuration's ECS.
func TestOutcomeOnlyPresetsContainSafeAct(t *testing.T) {
	t.Parallel() // CPU-bound
	if testing.Short() {
		t.Skip("scores the built-in release under five policies")
	}
	rel, err := synth.Default()
	if err != nil {
		t.Fatal(err)
	}
	b, err := casespec.NewBench("builtin", rel.Cases, rel.Sets, casespec.BenchOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var main []*ingest.Episode
	for _, ep := range rel.Episodes {
		if ep.Condition == ingest.DefaultCondition {
			main = append(main, ep)
		}
	}
	s, err := Score(&ingest.SliceSource{Episodes: main}, b.Case, ScoreOptions{Policies: oracle.Presets, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	base := s.Verdicts[0]
	ecs := func(vs []oracle.Verdict) map[string]Rate {
		m := map[string]Rate{}
		for _, v := range vs {
			if v.Excluded() {
				continue
			}
			r := m[v.Config()]
			r.Add(v.ECS())
			m[v.Config()] = r
		}
		return m
	}
	baseECS := ecs(base)
	for pi, pol := range oracle.Presets[1:] {
		vs := s.Verdicts[pi+1]
		if pol.CoverageAt != oracle.SafeAct.CoverageAt {
			continue // the other evaluator revision is stricter, not a laxer peer preset
		}
		lost := 0
		for i := range base {
			if base[i].ECS() && !vs[i].ECS() {
				lost++
				if lost <= 3 {
					t.Errorf("%s: %s passes under safeact but fails (%s, %s)", pol.Name, base[i].RunID(), vs[i].Outcome(), vs[i].FailureType())
				}
			}
		}
		if lost > 0 {
			t.Errorf("%s: %d episodes pass under safeact but fail", pol.Name, lost)
		}
		for c, r := range ecs(vs) {
			if pol.Binding == oracle.BindingOff && r.Value() <= baseECS[c].Value() {
				t.Errorf("%s: %s ECS %.3f does not exceed safeact's %.3f", pol.Name, c, r.Value(), baseECS[c].Value())
			}
		}
	}
}
