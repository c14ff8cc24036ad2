package harness

import (
	"fmt"
	"strings"

	"github.com/sabench/sabench-stats/ingest"
)

// Report says what was ingested, for the ingest command's stderr: the written episodes
// (written of r.Episodes) by status under mode, the warnings, and for a batch directory
// the runner's own metrics recomputed from the per-case files beside what summary.json
// says.
func (r *Result) Report(written int, mode string) string {
	counts := map[string]int{}
	for _, ep := range r.Episodes {
		counts[ep.Status]++
	}
	var b strings.Builder
	fmt.Fprintf(&b, "ingested %s in %s mode (completed %d, infra_failure %d, harness_failure %d, censored %d); %s\n", ingest.Plural(written, "episode"), mode,
		counts[ingest.StatusCompleted], counts[ingest.StatusInfraFailure], counts[ingest.StatusHarnessFailure], counts[ingest.StatusCensored], ingest.Plural(len(r.Warnings), "warning"))
	if r.Runner != nil {
		agrees := "summary.json missing"
		if r.Summary != nil {
			agrees = "summary.json agrees"
			if *r.Summary != *r.Runner {
				agrees = "summary.json says " + r.Summary.String()
			}
		}
		fmt.Fprintf(&b, "runner's metrics (run_safeact_agent_batch summarize, recomputed from the per-case files): %s; %s\n", r.Runner, agrees)
	}
	return b.String()
}
