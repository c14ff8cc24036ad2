package harness_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/ingest/harness"
)

// TestInspectSummariesOnlyOneProblem: a SafeActBench log kept with summaries only (no
// sample members) was refused with one identical message per summary, the member name
// aside (three lines for this log of three summaries, 22 for a real one); it is now one
// line for the log, at its first summary, saying how many summaries the log holds (it named
// the first alone).
func TestInspectSummariesOnlyOneProblem(t *testing.T) {
	dir := t.TempDir()
	a := filepath.Join(dir, "a.eval")
	var sums []any
	for i, c := range []string{"SAB-L-001", "SAB-L-002", "SAB-L-003"} {
		sums = append(sums, map[string]any{"id": i + 1, "epoch": 1, "metadata": map[string]any{"case_id": c}})
	}
	writeEvalMembers(t, a, evalMember{"header.json", header("m", "s", nil)}, evalMember{"summaries.json", sums})
	s, err := harness.OpenInspect([]string{a}, harness.Options{Bench: builtinBench(t)})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	_, problems := drain(t, s, dir)
	want := "a.eval: summaries.json[0]: the log holds no sample members, only 3 summaries (the first named here): no events or output to make an episode of"
	if strings.Join(problems, "\n") != want {
		t.Errorf("problems\n%s\nwant\n%s", strings.Join(problems, "\n"), want)
	}
}
