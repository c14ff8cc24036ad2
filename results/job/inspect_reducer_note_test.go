package job

import (
	"math"
	"path/filepath"
	"strings"
	"testing"
)

const reducerLogs = "testdata/inspect-reducers"

// TestInspectOtherReducerSaid: a log run with epochs reduced by mode or pass_at_2 has
// header metrics over the reduced scores (0.5 and 0.8333…), not the mean of its rows
// (7/12) nor the tables' means (each sample's epochs averaged: 7/12). samples said only
// that "the rows reproduce the header's accuracy", the leaderboard and the comparison
// nothing: each now says which reducer the header used and that its numbers are not it.
func TestInspectOtherReducerSaid(t *testing.T) {
	mode := filepath.Join(reducerLogs, "red_mode.eval")
	passAt := filepath.Join(reducerLogs, "red_pass_at_2.eval")
	o := Defaults()
	o.Stats.Resamples = 0
	if err := o.Check(); err != nil {
		t.Fatal(err)
	}
	in, err := o.ReadInspect([]string{passAt})
	if err != nil {
		t.Fatal(err)
	}
	want := "samples: " + passAt + ": its header's metrics reduce each sample's epochs by a reducer other than the mean, so they need not be the mean of the rows: match accuracy 0.8333333333333333 by pass_at_2, 0.5833333333333334 as the mean of its scored rows\n" +
		"samples: the rows reproduce the header's accuracy and stderr for 1 of 1 logs with both\n"
	if got := in.checkMetrics(); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	note := "Reduced otherwise in the header: " + mode + " (mode); " + passAt + " (pass_at_2). Such a log's own metrics"
	board, err := o.InspectLeaderboard(InspectBoardRequest{Paths: []string{mode, passAt}})
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(board[0].Notes, "\n"); !strings.Contains(got, note) {
		t.Errorf("leaderboard notes:\n%s\nwant %s", got, note)
	}
	if got := board[0].Rows[0].Cells[3].X(); math.Abs(got-7.0/12) > 1e-12 {
		t.Errorf("leaderboard mean %v, want 7/12 (each sample's epochs averaged)", got)
	}
	cmp, err := o.InspectCompare(InspectCompareRequest{A: mode, B: passAt})
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(cmp[0].Notes, "\n"); !strings.Contains(got, note) {
		t.Errorf("compare notes:\n%s\nwant %s", got, note)
	}
	// Inspect's logs, reduced by the mean (named or not): no such note.
	board, err = o.InspectLeaderboard(InspectBoardRequest{Paths: []string{inspectLogs}})
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(board[0].Notes, "\n"); strings.Contains(got, "Reduced otherwise") {
		t.Errorf("notes on logs reduced by the mean:\n%s", got)
	}
}
