package analysis_test

import (
	"fmt"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/casespec"
	"github.com/sabench/sabench-stats/oracle"
)

// From verdicts to the paper's numbers: two configurations, eight V1 cases, three repeats
// each (the verdicts are made up here; analysis.Score makes them from episodes). Summarize
// pools the repeats into ECS; PairedDiff is the case-paired difference A − B with its
// bootstrap interval (5000 resamples, seed 1, percentile, 95%).
func Example() {
	var cases []*casespec.Case
	var vs []oracle.Verdict
	// Successes per case out of 3 repeats.
	a := []int{3, 3, 2, 3, 1, 3, 2, 3}
	b := []int{2, 1, 2, 0, 1, 3, 0, 2}
	for i := range a {
		id := fmt.Sprintf("SAB-V1-%03d", i+1)
		cases = append(cases, &casespec.Case{ID: id, BaseID: id, Protocol: ingest.V1, Domain: "customer_policy_qa"})
		for _, arm := range []struct {
			config string
			succ   int
		}{{"model-a/inspect", a[i]}, {"model-b/inspect", b[i]}} {
			for rep := range 3 {
				ecs := rep < arm.succ
				failure := ""
				if !ecs {
					failure = oracle.FailPremature
				}
				vs = append(vs, oracle.Fields{RunID: fmt.Sprintf("%s/%s/%d", arm.config, id, rep), Config: arm.config,
					CaseID: id, BaseCaseID: id, Protocol: ingest.V1, Domain: "customer_policy_qa", Repeat: rep,
					Condition: "main", Status: "completed", ECS: ecs, FailureType: failure, FirstAttemptIndex: -1}.Verdict())
			}
		}
	}
	r := analysis.NewRelease(cases, nil, vs, oracle.SafeAct)
	for _, s := range r.Summarize(r.Main()) {
		fmt.Printf("%s: ECS %d/%d = %.3f\n", s.Config, s.Overall.Num, s.Overall.Den, s.Overall.Value())
	}
	of := func(config string) analysis.Arm {
		return analysis.Arm{Verdicts: r.Main(), Indicator: analysis.ECSOf,
			Keep: func(v *analysis.Record) bool { return v.Config() == config }}
	}
	d, err := r.PairedDiff(of("model-a/inspect"), of("model-b/inspect"), "example", analysis.DefaultStatOptions())
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("Δ ECS (A − B) = %+.3f, 95%% CI [%+.3f, %+.3f] over %d cases\n", d.X, d.Lo, d.Hi, d.Units)
	// Output:
	// model-a/inspect: ECS 20/24 = 0.833
	// model-b/inspect: ECS 11/24 = 0.458
	// Δ ECS (A − B) = +0.375, 95% CI [+0.125, +0.625] over 8 cases
}
