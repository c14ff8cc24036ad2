package job

import (
	"github.com/sabench/sabench-stats/ingest/inspect/inspecttest"
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
	o.Stats.Resamples = 0
	if err := o.Check(); err != nil {
		t.Fatal(err)
	}
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
	data := inspecttest.RewriteFile(t, filepath.Join(inspectLogs, name), inspecttest.Samples(t, edit))
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}
