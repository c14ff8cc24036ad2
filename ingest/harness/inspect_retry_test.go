package harness_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/ingest/harness"
)

// A run retried with Inspect's eval-retry leaves two logs of one task: the failed one
// (status error) and the retry's, which holds again the samples the failed one completed.
// Given both, each such sample is a duplicate, and its message says that a log did not
// complete and that only the retry's should be given; it said only "also read from".
// Two complete logs that repeat an episode get no such hint.
func TestInspectRetriedRunDuplicates(t *testing.T) {
	b := builtinBench(t)
	sample := func(id string) map[string]any {
		return map[string]any{"id": id, "epoch": 1, "metadata": map[string]any{"case_id": id},
			"output": map[string]any{"completion": `{"decision":"allow"}`}}
	}
	for _, tc := range []struct {
		firstStatus, want string
	}{
		{"error", "b.eval: samples/SAB-L-001_epoch_1.json: episode m/s|SAB-L-001|repeat 0|main also read from a.eval: samples/SAB-L-001_epoch_1.json" +
			" (a.eval did not complete, status error: the log of a retried run holds again the samples its earlier log completed, so give only the retry's log)"},
		{"success", "b.eval: samples/SAB-L-001_epoch_1.json: episode m/s|SAB-L-001|repeat 0|main also read from a.eval: samples/SAB-L-001_epoch_1.json"},
	} {
		dir := t.TempDir()
		failed := header("m", "s", nil)
		failed["status"] = tc.firstStatus
		writeEval(t, filepath.Join(dir, "a.eval"), failed, sample("SAB-L-001"))
		writeEval(t, filepath.Join(dir, "b.eval"), header("m", "s", nil), sample("SAB-L-001"), sample("SAB-L-002"))
		res, err := harness.ReadInspect(dir, harness.Options{Bench: b})
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, p := range res.Problems {
			got = append(got, strings.ReplaceAll(p.String(), dir+string(filepath.Separator), ""))
		}
		if strings.Join(got, "\n") != tc.want {
			t.Errorf("first log %s: problems\n%s\nwant\n%s", tc.firstStatus, strings.Join(got, "\n"), tc.want)
		}
	}
}
