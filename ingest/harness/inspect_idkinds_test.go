package harness_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/ingest/harness"
)

// TestNotSafeActBenchIDsKeepTheirKind: a log whose samples 1 and "1" (two samples to
// Inspect) name no case listed its sample ids deduplicated by text, "(1, x)", as if it
// held one sample 1. An id whose text is of both kinds now shows its kind; the others
// print as before.
func TestNotSafeActBenchIDsKeepTheirKind(t *testing.T) {
	dir := t.TempDir()
	a := filepath.Join(dir, "a.json")
	doc := header("m", "s", nil)
	doc["eval"].(map[string]any)["task"] = "popularity"
	var samples []any
	for i, id := range []any{1, "1", "x", 1} {
		samples = append(samples, map[string]any{"id": id, "epoch": 1 + i/3, "output": map[string]any{"completion": "ok"}})
	}
	doc["samples"] = samples
	raw, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(a, raw, 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = harness.ReadInspect(a, harness.Options{Bench: builtinBench(t)})
	want := "no sample id (1 (a number), 1 (a string), x) is a case of the bench"
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("error %v\nlacks %q", err, want)
	}
}
