package job

import (
	"math"
	"path/filepath"
	"strings"
	"testing"
)

// TestInspectUnscoredNamed: Inspect's mj7k log (10 samples, 8 C) with sample 3's value
// written ["I"], sample 7's "wrong" and sample 9's score taken away (no error). The
// leaderboard's mean, over the 7 samples left, is 1 where the header says 0.8 (Inspect
// counts the two values it cannot map as 0), and the board and the comparison said
// nothing of the three sample-epochs they left out; a note now names them, by why.
func TestInspectUnscoredNamed(t *testing.T) {
	log := rewriteLog(t, "2025-02-11T15-18-04-05-00_popularity_mj7khqpMM4GBCfVQozKgzB.eval", func(member string, doc map[string]any) {
		score := doc["scores"].(map[string]any)["match"].(map[string]any)
		switch member {
		case "samples/3_epoch_1.json":
			score["value"] = []any{"I"}
		case "samples/7_epoch_1.json":
			score["value"] = "wrong"
		case "samples/9_epoch_1.json":
			delete(doc, "scores")
		}
	})
	o := Defaults()
	o.Stats.Resamples = 0
	if err := o.Check(); err != nil {
		t.Fatal(err)
	}
	board, err := o.InspectLeaderboard(InspectBoardRequest{Paths: []string{log}})
	if err != nil {
		t.Fatal(err)
	}
	if got := board[0].Rows[0].Cells[3].X(); math.Abs(got-1) > 1e-12 {
		t.Fatalf("mean %v, want 1 (the 7 samples with a numeric score)", got)
	}
	want := "Without a numeric score, and so left out of the means: popularity · match · openai/gpt-4o-mini 1 sample-epoch without a score and 2 sample-epochs whose value value_to_float cannot map (a list, an unknown string). Inspect's own metrics leave out a sample-epoch without a score (or scored NaN) too, but count a value its value_to_float cannot map as 0."
	if got := strings.Join(board[0].Notes, "\n"); !strings.Contains(got, want) {
		t.Errorf("leaderboard notes:\n%s\nwant %s", got, want)
	}
	cmp, err := o.InspectCompare(InspectCompareRequest{A: log, B: filepath.Join(inspectLogs, "log_streaming.eval")})
	if err != nil {
		t.Fatal(err)
	}
	want = "Without a numeric score, and so left out of the comparison: match · A 1 sample-epoch without a score and 2 sample-epochs whose value value_to_float cannot map (a list, an unknown string)."
	if got := strings.Join(cmp[0].Notes, "\n"); !strings.Contains(got, want) {
		t.Errorf("compare notes:\n%s\nwant %s", got, want)
	}
	// Inspect's logs as written: every sample of a scorer has a numeric score.
	board, err = o.InspectLeaderboard(InspectBoardRequest{Paths: []string{inspectLogs}})
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(board[0].Notes, "\n"); strings.Contains(got, "Without a numeric score") {
		t.Errorf("notes on logs scored throughout:\n%s", got)
	}
}
