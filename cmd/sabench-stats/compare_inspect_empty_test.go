package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCompareInspectLogWithoutSamples: Inspect's no-samples log, relabelled as task
// popularity, against log_streaming: the note says A has no samples, not that its
// samples carry no score.
func TestCompareInspectLogWithoutSamples(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(inspectLogs, "2025-05-12T20-28-13-04-00_no-samples.json"))
	if err != nil {
		t.Fatal(err)
	}
	relabelled := bytes.Replace(data, []byte(`"task": "testtaskname"`), []byte(`"task": "popularity"`), 1)
	if bytes.Equal(relabelled, data) {
		t.Fatal("the log's task was not found")
	}
	a := filepath.Join(t.TempDir(), "no-samples.json")
	if err := os.WriteFile(a, relabelled, 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	if err := run(&out, &errb, []string{"compare", "--inspect", a, filepath.Join(inspectLogs, "log_streaming.eval")}); err != nil {
		t.Fatalf("%v\n%s", err, errb.String())
	}
	got := out.String()
	if !strings.Contains(got, "\nA has no samples (a log without samples): nothing to compare.\n") || strings.Contains(got, "carry no score") {
		t.Errorf("note:\n%s", got)
	}
}
