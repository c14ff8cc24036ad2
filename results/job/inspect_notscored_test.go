package job

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/ingest/inspect/inspecttest"
)

// TestInspectScorerNeverScoredNamed: Inspect's mj7k log with a second scorer, grade,
// declared in its header and scored on none of its samples. Its samples rows are there,
// unscored, but the leaderboard had a match board and no word of grade; a note now names
// the log and the scorer.
func TestInspectScorerNeverScoredNamed(t *testing.T) {
	name := "2025-02-11T15-18-04-05-00_popularity_mj7khqpMM4GBCfVQozKgzB.eval"
	data := inspecttest.RewriteFile(t, filepath.Join(inspectLogs, name), func(member string, b []byte) []byte {
		if member != "header.json" {
			return b
		}
		var h map[string]any
		if err := json.Unmarshal(b, &h); err != nil {
			t.Fatal(err)
		}
		ev := h["eval"].(map[string]any)
		ev["scorers"] = append(ev["scorers"].([]any), map[string]any{"name": "grade", "options": map[string]any{}, "metrics": []any{}})
		out, _ := json.Marshal(h)
		return out
	})
	log := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(log, data, 0o644); err != nil {
		t.Fatal(err)
	}
	o := Defaults()
	o.Stats.Resamples = 0
	if err := o.Check(); err != nil {
		t.Fatal(err)
	}
	board, err := o.InspectLeaderboard(InspectBoardRequest{Paths: []string{log}})
	if err != nil {
		t.Fatal(err)
	}
	want := "Scorers no sample of a log scored, so that the log is on none of their boards: " + log + ": grade."
	if got := strings.Join(board[0].Notes, "\n"); !strings.Contains(got, want) {
		t.Errorf("notes:\n%s\nwant %s", got, want)
	}
	if n := len(board[0].Rows); n != 1 {
		t.Errorf("%d rows, want the match board's 1", n)
	}
}
