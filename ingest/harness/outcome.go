package harness

import "github.com/sabench/sabench-stats/ingest"

// CanonicalOutcome maps a raw observed outcome to the runner's canonical vocabulary
// (safeact_contract.canonical_observed_outcome, evaluator doc §8.6, for the values the
// harness files carry): V2/V3 CASE_SUCCESS is WORKFLOW_SUCCESS; others are unchanged.
func CanonicalOutcome(p ingest.Protocol, raw string) string {
	if (p == ingest.V2 || p == ingest.V3) && raw == "CASE_SUCCESS" {
		return "WORKFLOW_SUCCESS"
	}
	return raw
}
