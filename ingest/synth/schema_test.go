package synth

import (
	"testing"

	"github.com/sabench/sabench-stats/ingest"
)

// Every record of the built-in release fits its protocol's schema (the checks `validate`
// runs), so `sabench-stats validate` on a written release reports no problem.
func TestBuiltinRecordsFitTheirSchemas(t *testing.T) {
	t.Parallel() // CPU-bound on shared read-only fixtures
	rel, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	proto := map[string]ingest.Protocol{}
	for _, c := range rel.Cases {
		proto[c.ID] = c.Protocol
	}
	bad := 0
	for _, ep := range rel.Episodes {
		if ep.Status != ingest.StatusCompleted {
			continue
		}
		for _, p := range ingest.CheckRecord(ep, proto[ep.CaseID]) {
			if bad++; bad <= 5 {
				t.Errorf("%s: %s", ep.RunID, p)
			}
		}
	}
	if bad > 0 {
		t.Errorf("%d schema problems in the built-in release", bad)
	}
}
