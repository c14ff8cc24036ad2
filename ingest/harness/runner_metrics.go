package harness

import (
	"fmt"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/jsonv"
)

// Batch runner classes of one case: the summary.json failures[] classifications
// (evaluator doc §11), plus a completed case and a deferred one (--max-new-cases).
const (
	batchCompleted      = ""
	batchInfraFailure   = "infrastructure_failure"
	batchRunFailure     = "run_failure"
	batchHarnessFailure = "evaluation_harness_failure"
	batchDeferred       = "deferred"
)

// RunnerMetrics are the counts of run_safeact_agent_batch.summarize: every selected case
// is in the denominator except evaluation harness failures; run failures, wall timeouts
// and deferred cases count as unsuccessful.
type RunnerMetrics struct {
	Selected, Scored, Evaluated, Successful int
	HarnessExcluded                         int
	InfrastructureFailures                  int
	NonInfrastructureFailures               int
}

// Accuracy is successful / scored (the runner's accuracy, model_accuracy and
// strict_success_rate, which summary.json leaves null when protocols are mixed).
func (m RunnerMetrics) Accuracy() (float64, bool) {
	if m.Scored == 0 {
		return 0, false
	}
	return float64(m.Successful) / float64(m.Scored), true
}

func (m RunnerMetrics) String() string {
	acc := "n/a"
	if a, ok := m.Accuracy(); ok {
		acc = fmt.Sprintf("%d/%d = %.1f%%", m.Successful, m.Scored, 100*a)
	}
	return fmt.Sprintf("selected %d, scored %d, evaluated %d, successful %d, accuracy %s, harness_excluded %d, infrastructure_failures %d, non_infrastructure_failures %d",
		m.Selected, m.Scored, m.Evaluated, m.Successful, acc, m.HarnessExcluded, m.InfrastructureFailures, m.NonInfrastructureFailures)
}

// add counts one case of the given class; successful is the runner's verdict on a
// completed case (normalized_results' successful).
func (m *RunnerMetrics) add(class string, successful bool) {
	m.Selected++
	switch class {
	case batchCompleted:
		m.Evaluated++
		if successful {
			m.Successful++
		}
	case batchHarnessFailure:
		m.HarnessExcluded++
		m.NonInfrastructureFailures++
	case batchInfraFailure:
		m.InfrastructureFailures++
	case batchRunFailure:
		m.NonInfrastructureFailures++
	}
	m.Scored = m.Selected - m.HarnessExcluded
}

// summaryMetrics reads summary.json's metrics object (the counts only).
func summaryMetrics(o *jsonv.Object) (*RunnerMetrics, error) {
	m := &RunnerMetrics{}
	for _, f := range []struct {
		key string
		dst *int
	}{{"selected_cases", &m.Selected}, {"scored_cases", &m.Scored}, {"evaluated_cases", &m.Evaluated},
		{"successful_cases", &m.Successful}, {"harness_excluded_cases", &m.HarnessExcluded},
		{"infrastructure_failures", &m.InfrastructureFailures}, {"non_infrastructure_failures", &m.NonInfrastructureFailures}} {
		v, ok := o.Get(f.key)
		n, isInt := v.(int64)
		if !ok || !isInt || n < 0 {
			return nil, fmt.Errorf("metrics.%s must be a non-negative integer, got %s", f.key, ingest.TypeName(v))
		}
		*f.dst = int(n)
	}
	return m, nil
}

// BatchStatus maps a batch case to an episode status in analyst mode (DESIGN §2.2): an
// evaluation harness failure is harness_failure; a wall-clock timeout infra_failure; the
// adapter's harness_failure (runtime-model mismatch, bubblewrap or model broker missing,
// launcher exit 125–127, any adapter exception) harness_failure; resource_limit,
// agent_process_failure and null are the agent's own failures and stay completed.
func BatchStatus(failureClass any, classification string) string {
	switch {
	case classification == batchHarnessFailure:
		return ingest.StatusHarnessFailure
	case failureClass == "wall_timeout" || classification == batchInfraFailure:
		return ingest.StatusInfraFailure
	case failureClass == "harness_failure":
		return ingest.StatusHarnessFailure
	}
	return ingest.StatusCompleted
}

// batchRunnerStatus is the status in runner mode: only evaluation harness failures leave
// the runner's denominator.
func batchRunnerStatus(classification string) string {
	if classification == batchHarnessFailure {
		return ingest.StatusHarnessFailure
	}
	return ingest.StatusCompleted
}
