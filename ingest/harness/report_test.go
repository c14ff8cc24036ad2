package harness

import (
	"testing"

	"github.com/sabench/sabench-stats/ingest"
)

func TestResultReport(t *testing.T) {
	r := &Result{Episodes: []*ingest.Episode{{Status: ingest.StatusCompleted}, {Status: ingest.StatusCompleted}, {Status: ingest.StatusInfraFailure}}, Warnings: []string{"w"}}
	want := "ingested 3 episodes in analyst mode (completed 2, infra_failure 1, harness_failure 0, censored 0); 1 warning\n"
	if got := r.Report(3, ModeAnalyst); got != want {
		t.Errorf("got %q\nwant %q", got, want)
	}
	r.Runner = &RunnerMetrics{}
	if got := r.Report(3, ModeAnalyst); got != want+"runner's metrics (run_safeact_agent_batch summarize, recomputed from the per-case files): "+r.Runner.String()+"; summary.json missing\n" {
		t.Errorf("with runner metrics: %q", got)
	}
}
