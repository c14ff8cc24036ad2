package verdicts

import (
	"strings"
	"testing"
)

// TestDatasetFirstLayoutRefused: a dataset written in the first layout (by commit
// 6fc7fabf; testdata/older/README.md says how) has no evaluator, trusted_keys or usage
// columns. It was refused as "no column trusted_keys (not a verdict dataset file)",
// which says neither what the file is nor what to do; it is refused as a file of an
// older sabench-stats, naming the columns it lacks and asking for the episodes scored
// again.
func TestDatasetFirstLayoutRefused(t *testing.T) {
	for _, r := range []DatasetRead{{}, {NoUsage: true, NoRunIDs: true, Policies: 1}} {
		_, _, err := ReadDatasetWith("testdata/older/first-layout", r)
		if err == nil {
			t.Fatalf("%+v: read", r)
		}
		msg := err.Error()
		for _, want := range []string{"part-0000.parquet: a verdict dataset file written by an older sabench-stats", "evaluator, trusted_keys, usage_cost_usd, usage_input_tokens, usage_output_tokens, usage_wall_seconds", "score the episodes again"} {
			if !strings.Contains(msg, want) {
				t.Errorf("%+v: %s\nwant %q in it", r, msg, want)
			}
		}
		if strings.Contains(msg, "not a verdict dataset file") {
			t.Errorf("%+v: %s", r, msg)
		}
	}
}
