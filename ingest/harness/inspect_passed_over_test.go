package harness_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/ingest/harness"
)

// TestReadInspectSaysWhatTheFolderPassedOver: ReadInspect of a folder holding Inspect's
// logs.json index beside a log warns that it passed the index over, as the commands do;
// before, the library call dropped the note.
func TestReadInspectSaysWhatTheFolderPassedOver(t *testing.T) {
	dir := t.TempDir()
	writeEval(t, filepath.Join(dir, "a.eval"), header("m", "s", nil), map[string]any{"id": "SAB-L-001", "epoch": 1,
		"metadata": map[string]any{"case_id": "SAB-L-001"}, "output": map[string]any{"completion": `{"decision":"allow"}`}})
	if err := os.WriteFile(filepath.Join(dir, "logs.json"), []byte(`{"a.eval": {}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	res, err := harness.ReadInspect(dir, harness.Options{Bench: builtinBench(t)})
	if err != nil {
		t.Fatal(err)
	}
	want := filepath.Clean(dir) + ": skipped: 1 .json file that is not an Inspect log"
	if got := strings.Join(res.Warnings, "\n"); !strings.Contains(got, want) {
		t.Errorf("warnings:\n%s\nwant %s", got, want)
	}
}
