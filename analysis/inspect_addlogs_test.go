package analysis

import (
	"fmt"
	"path/filepath"
	"testing"
)

// TestInspectBoardAddLogs: a Go caller had to copy the leaderboard command's loop that
// fills InspectBoardOptions.Epochs and Planned from the logs' headers; without it a
// cancelled run's unrun samples are not counted and every log is taken for one epoch.
// AddLogs fills both, and the command calls it: the streaming log plans 2 epochs of
// samples 1 and 2, the cancelled one (no epochs stated) samples 1 to 3.
func TestInspectBoardAddLogs(t *testing.T) {
	cancelled, rows := inspectRows(t, filepath.Join(inspectLogs, "2025-05-12T20-28-13-04-00_popularity.json"))
	streaming, more := inspectRows(t, filepath.Join(inspectLogs, "log_streaming.eval"))
	var opt InspectBoardOptions
	opt.PassK = []int{1}
	opt.AddLogs(cancelled, streaming)
	if fmt.Sprint(opt.Epochs[streaming.File], opt.Planned[streaming.File], opt.Epochs[cancelled.File], opt.Planned[cancelled.File]) != "2 [1 2] 1 [1 2 3]" {
		t.Fatalf("AddLogs: epochs %v, planned %v; want 2 epochs of samples 1 and 2 by %s, 1 of samples 1 to 3 by %s", opt.Epochs, opt.Planned, streaming.File, cancelled.File)
	}
	o := DefaultStatOptions()
	o.Resamples = 0
	b, err := LeaderboardInspect(append(rows, more...), opt, o)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range b.Entries {
		if e.NeverRan != 0 || e.ScoredOverPlan != 0 || len(e.PassKPlanned) != 1 {
			t.Errorf("%s: %d never ran, %d scored over plan, pass^k %v; want every planned sample run as planned", e.Model, e.NeverRan, e.ScoredOverPlan, e.PassKPlanned)
		}
	}
}
