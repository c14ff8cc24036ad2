package harness_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/ingest/harness"
)

// TestInspectIncompleteLogWarned: a SafeActBench log whose run was cancelled gives its
// episodes and a warning that it did not complete (its samples never run are no
// episodes, so its denominators are the samples it finished); a complete one gives none.
func TestInspectIncompleteLogWarned(t *testing.T) {
	b := builtinBench(t)
	for _, status := range []string{"success", "cancelled"} {
		s := map[string]any{"id": "SAB-V1-001", "epoch": 1, "metadata": map[string]any{"case_id": "SAB-V1-001"},
			"output": map[string]any{"completion": v1Answer}, "events": v1Events("submit")}
		h := header("openai/gpt-x", "react", nil)
		h["status"] = status
		path := filepath.Join(t.TempDir(), "log.eval")
		writeEval(t, path, h, s)
		res, err := harness.ReadInspectFiles([]string{path}, harness.Options{Bench: b})
		if err != nil || len(res.Problems) > 0 || len(res.Episodes) != 1 {
			t.Fatalf("%s: %v %v %d episodes", status, err, res.Problems, len(res.Episodes))
		}
		var warned []string
		for _, w := range res.Warnings {
			if strings.Contains(w, "did not complete") {
				warned = append(warned, w)
			}
		}
		want := 0
		if status != "success" {
			want = 1
		}
		if len(warned) != want || want == 1 && warned[0] != "1 Inspect log did not complete (samples never run are not episodes): "+path+" (status cancelled)" {
			t.Errorf("%s: warnings %q", status, res.Warnings)
		}
	}
}
