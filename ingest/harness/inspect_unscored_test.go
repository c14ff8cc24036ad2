package harness_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/ingest/harness"
)

// A sample its scorer left unscored (Inspect writes NaN, older versions null; the reader
// reads NaN as null) is refused with a message that says so, not as "null" alone, which
// named a value the file did not hold.
func TestInspectUnscoredSample(t *testing.T) {
	dir := t.TempDir()
	s := map[string]any{"id": "SAB-L-001", "epoch": 1, "metadata": map[string]any{"case_id": "SAB-L-001"},
		"output": map[string]any{"completion": `{"decision":"allow"}`}, "scores": map[string]any{"safeactbench": map[string]any{"value": nil}}}
	writeEval(t, filepath.Join(dir, "a.eval"), header("m", "s", nil), s)
	res, err := harness.ReadInspect(dir, harness.Options{Bench: builtinBench(t)})
	if err != nil {
		t.Fatal(err)
	}
	want := "samples/SAB-L-001_epoch_1.json: scores.safeactbench.value: NaN or null (the scorer left the sample unscored) is not a pass (C, 1, true) or a fail (I, 0, false)"
	if len(res.Problems) != 1 || !strings.HasSuffix(res.Problems[0].String(), want) || len(res.Episodes) != 0 {
		t.Errorf("problems %v, %d episodes; want one ending %q", res.Problems, len(res.Episodes), want)
	}
}
