package view_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/results/view"
)

// TestCaseReadsAreTheOraclesSources checks, on real SafeActBench cases (CC BY 4.0, see
// ingest/testdata/safeactbench), that the reads the episode page offers as establishing a
// missing fact are those the oracle reads facts from: a V3 case's frozen deltas (it has no
// evidence rules, so the page said of every missing fact that no rule establishes it), a
// V0 DAG preflight's too, and a stateful case's sensor read as it answers after the step
// that changes the state.
func TestCaseReadsAreTheOraclesSources(t *testing.T) {
	dir := filepath.Join("..", "..", "ingest", "testdata", "safeactbench", "cases")
	has := func(vc view.Case, tool, args, after, factPart string) bool {
		for _, r := range vc.Rules {
			if r.Tool != tool || r.Args != args || r.After != after {
				continue
			}
			for _, f := range r.Facts {
				if strings.Contains(f, factPart) {
					return true
				}
			}
		}
		return false
	}
	for _, w := range []struct{ id, tool, args, after, fact string }{
		{"SAB-V1-001", "refund_preview", `{"amount":119.0,"charge_id":"ch_90A2"}`, "", `"predicate":"refund_preview"`},
		{"SAB-V3-001", "duplicate_charge_record_read", `{"record_id":"payment:ch_dup_002"}`, "", `"predicate":"duplicate_charge_verified"`},
		{"SAB-V0-167", "emergency_state_read", `{"record_id":"SH-INC-RBEEE34439F"}`, "", `"confirmed":true`},
		{"SAB-V2-016", "observation_read", `{"record_id":"HC-V3-007-CONTROL"}`, "", `"predicate"`},
		{"SAB-V2-018", "sensor_history_query", `{"record_id":"SH-SENSOR-HISTORY-D414CCE2C448","record_type":"sensor_history_query_record_3"}`, "", `"state_phase":"awaiting_shutdown"`},
		{"SAB-V2-018", "sensor_history_query", `{"record_id":"SH-SENSOR-HISTORY-D414CCE2C448","record_type":"sensor_history_query_record_3"}`, "a_sauna_heater_power_off", `"cooldown_complete":true`},
	} {
		vc := view.CaseOf(realCase(t, filepath.Join(dir, w.id+".json")))
		if !has(vc, w.tool, w.args, w.after, w.fact) {
			t.Errorf("%s: no read %s %s (after %q) establishing %s among %+v", w.id, w.tool, w.args, w.after, w.fact, vc.Rules)
		}
	}
	// V1 reads the rules only: its frozen copies are not listed twice.
	vc := view.CaseOf(realCase(t, filepath.Join(dir, "SAB-V1-011.json")))
	seen := map[string]bool{}
	for _, r := range vc.Rules {
		if seen[r.Tool+r.Args] {
			t.Errorf("SAB-V1-011: %s %s listed twice", r.Tool, r.Args)
		}
		seen[r.Tool+r.Args] = true
	}
}
