package job

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestInspectTablesSayWhatFoldersPassedOver: a folder of logs beside Inspect's logs.json
// index and a hidden copy gives leaderboard and compare tables that name what the search
// passed over (samples says it on stderr); before, the two tables said nothing of it.
func TestInspectTablesSayWhatFoldersPassedOver(t *testing.T) {
	dir := t.TempDir()
	names := []string{
		"2025-02-11T15-18-04-05-00_popularity_mj7khqpMM4GBCfVQozKgzB.eval",
		"2025-02-11T15-17-00-05-00_popularity_dPiJifoWeEQBrfWsAopzWr.eval",
	}
	for _, n := range names {
		data, err := os.ReadFile(filepath.Join(inspectLogs, n))
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range []string{n, "._" + n} {
			if err := os.WriteFile(filepath.Join(dir, p), data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "logs.json"), []byte(`{"`+names[0]+`": {}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	o := Defaults()
	o.Stats.Resamples = 0
	if err := o.Check(); err != nil {
		t.Fatal(err)
	}
	board, err := o.InspectLeaderboard(InspectBoardRequest{Paths: []string{dir}})
	if err != nil {
		t.Fatal(err)
	}
	// B: a folder of one log beside an index, which compare takes as one log.
	bdir := filepath.Join(t.TempDir(), "b")
	if err := os.Mkdir(bdir, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{names[1], "logs.json"} {
		data, err := os.ReadFile(filepath.Join(dir, p))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(bdir, p), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cmp, err := o.InspectCompare(InspectCompareRequest{A: filepath.Join(dir, names[0]), B: bdir})
	if err != nil {
		t.Fatal(err)
	}
	named, err := o.InspectCompare(InspectCompareRequest{A: filepath.Join(dir, names[0]), B: filepath.Join(dir, names[1])})
	if err != nil {
		t.Fatal(err)
	}
	in, err := o.ReadInspect([]string{dir})
	if err != nil {
		t.Fatal(err)
	}
	if len(in.Skipped) != 2 {
		t.Fatalf("%d passed-over notes, want 2 (hidden files, logs.json): %v", len(in.Skipped), in.Skipped)
	}
	got := strings.Join(board[0].Notes, "\n")
	for _, sk := range in.Skipped {
		if want := "Passed over in " + dir + ": " + strings.TrimSuffix(sk.Msg, "."); !strings.Contains(got, want) {
			t.Errorf("leaderboard notes:\n%s\nwant %s", got, want)
		}
	}
	if got := strings.Join(cmp[0].Notes, "\n"); !strings.Contains(got, "Passed over in "+bdir+": skipped: 1 .json file that is not an Inspect log") {
		t.Errorf("compare notes:\n%s\nwant B's folder's logs.json named", got)
	}
	// Two logs named one by one pass nothing over: no such note.
	if got := strings.Join(named[0].Notes, "\n"); strings.Contains(got, "Passed over") {
		t.Errorf("compare of two named logs says something was passed over:\n%s", got)
	}
}
