package main

import (
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/oracle"
	"github.com/sabench/sabench-stats/results/verdicts"
)

// TestECSNamedAlike: T2 and the evaluation contract name the primary metric Exact Case
// Success, while the glossary (the viewer's, docs/glossary.md) said PASS is "Evidence-consistent
// success (ECS)" and the verdicts' ecs column "evidence-consistent success": one page
// expanded ECS two ways.
func TestECSNamedAlike(t *testing.T) {
	const name = "Exact Case Success" // T2's "Main results: Exact Case Success (%)"
	for _, x := range oracle.OutcomeGlossary() {
		if x.Name == "PASS" && !strings.HasPrefix(x.Meaning, name+" (ECS)") {
			t.Errorf("the glossary's PASS says %q", x.Meaning)
		}
	}
	for _, c := range verdicts.Columns {
		if c.Name == "ecs" && !strings.HasPrefix(c.Meaning, strings.ToLower(name)) {
			t.Errorf("the ecs column says %q", c.Meaning)
		}
	}
}
