package job

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestInspectFailuresNamed: Inspect's log_streaming.eval (2 samples × 2 epochs) with sample
// 1's first epoch errored and unscored and sample 2's second epoch stopped by a token
// limit. The leaderboard's mean (1.0 over the epochs left) and the comparison left the
// errored epoch out and said nothing of it, nor of the limit; a note now names both.
func TestInspectFailuresNamed(t *testing.T) {
	failed := rewriteLog(t, "log_streaming.eval", func(name string, doc map[string]any) {
		switch name {
		case "samples/1_epoch_1.json":
			delete(doc, "scores")
			doc["error"] = map[string]any{"message": "RuntimeError: the provider failed\nat …", "traceback": ""}
		case "samples/2_epoch_2.json":
			doc["limit"] = map[string]any{"type": "token", "limit": 100}
		}
	})
	o := Defaults()
	o.Stat.Resamples = 0
	board, err := o.InspectLeaderboard(InspectBoardRequest{Paths: []string{failed}})
	if err != nil {
		t.Fatal(err)
	}
	got := strings.Join(board[0].Notes, "\n")
	for _, want := range []string{
		"Errored without a score, and so left out of the means: popularity · match · azureai/Meta-Llama-3-1-405B-Instruct-jqf 1 sample-epoch.",
		"Hit a limit (kept when scored, on what the sample had done): popularity · match · azureai/Meta-Llama-3-1-405B-Instruct-jqf 1 sample-epoch (token).",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("leaderboard notes:\n%s\nwant %s", got, want)
		}
	}
	cmp, err := o.InspectCompare(InspectCompareRequest{A: filepath.Join(inspectLogs, "2025-02-11T15-18-04-05-00_popularity_mj7khqpMM4GBCfVQozKgzB.eval"), B: failed})
	if err != nil {
		t.Fatal(err)
	}
	got = strings.Join(cmp[0].Notes, "\n")
	for _, want := range []string{
		"Errored without a score, and so left out of the comparison: match · B 1 sample-epoch.",
		"Hit a limit (kept when scored, on what the sample had done): match · B 1 sample-epoch (token).",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("compare notes:\n%s\nwant %s", got, want)
		}
	}
	// The logs as Inspect wrote them: no such note.
	board, err = o.InspectLeaderboard(InspectBoardRequest{Paths: []string{inspectLogs}})
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(board[0].Notes, "\n"); strings.Contains(got, "Errored") || strings.Contains(got, "Hit a limit") {
		t.Errorf("notes on logs without failures:\n%s", got)
	}
}

// rewriteLog writes a copy of one of Inspect's test logs into a temporary directory, each
// sample member passed through edit as a JSON document, and returns its path.
func rewriteLog(t *testing.T, name string, edit func(member string, doc map[string]any)) string {
	t.Helper()
	src, err := zip.OpenReader(filepath.Join(inspectLogs, name))
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, f := range src.File {
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		data, err := io.ReadAll(rc)
		rc.Close()
		if err != nil {
			t.Fatal(err)
		}
		if strings.HasPrefix(f.Name, "samples/") {
			var doc map[string]any
			if err := json.Unmarshal(data, &doc); err != nil {
				t.Fatal(err)
			}
			edit(f.Name, doc)
			if data, err = json.Marshal(doc); err != nil {
				t.Fatal(err)
			}
		}
		w, err := zw.Create(f.Name)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := w.Write(data); err != nil {
			t.Fatal(err)
		}
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}
