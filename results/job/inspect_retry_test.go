package job

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/ingest/inspect/inspecttest"
)

// TestInspectRetriedTask: Inspect's eval-retry runs a task again as a new evaluation (a
// new eval id and run id) under the task's id, and copies into the new log the samples
// the earlier attempt completed. An eval set's folder keeps both logs when told not to
// clean up. Read together they were pooled as two runs: the leaderboard of mj7k's first
// attempt (status error, samples 1–6) and its retry (all 10) counted samples 1–6 twice
// (10 samples, 16 scored epochs). The second log read is refused, naming both.
func TestInspectRetriedTask(t *testing.T) {
	mj7k := filepath.Join(inspectLogs, "2025-02-11T15-18-04-05-00_popularity_mj7khqpMM4GBCfVQozKgzB.eval")
	dir := t.TempDir()
	write := func(name string, edit func(string, []byte) []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, inspecttest.RewriteFile(t, mj7k, edit), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	header := func(run, status, created string) func(map[string]any) {
		return func(h map[string]any) {
			ev := h["eval"].(map[string]any)
			ev["run_id"], ev["created"] = run, created
			if h["status"] = status; status != "success" {
				delete(h, "results")
			}
		}
	}
	edit := func(h func(map[string]any), keep func(string) bool) func(string, []byte) []byte {
		return func(name string, data []byte) []byte {
			switch {
			case name == "header.json":
				var doc map[string]any
				if err := json.Unmarshal(data, &doc); err != nil {
					t.Fatal(err)
				}
				h(doc)
				out, _ := json.Marshal(doc)
				return out
			case strings.HasPrefix(name, "samples/") && !keep(name):
				return nil
			}
			return data
		}
	}
	first := write("a.eval", edit(header("run1", "error", "2025-02-11T15:18:04-05:00"), func(name string) bool {
		var id int
		fmt.Sscanf(name, "samples/%d_epoch_1.json", &id)
		return id <= 6
	}))
	retry := write("b.eval", edit(header("run2", "success", "2025-02-11T16:00:00-05:00"), func(string) bool { return true }))
	o := Defaults()
	o.Stats.Resamples = 0
	if err := o.Check(); err != nil {
		t.Fatal(err)
	}
	want := retry + ": the same task as " + first + " (task id mj7khqpMM4GBCfVQozKgzB, model openai/gpt-4o-mini), run again: " +
		first + " (status error, created 2025-02-11T15:18:04-05:00) and " + retry + " (status success, created 2025-02-11T16:00:00-05:00) are two attempts of it, " +
		"and Inspect's eval-retry copies into the new log the samples the earlier attempt completed, so read together they would count twice: give the latest attempt's log alone"
	if _, err := o.InspectLeaderboard(InspectBoardRequest{Paths: []string{dir}}); err == nil || err.Error() != want {
		t.Errorf("leaderboard: got %v\nwant %s", err, want)
	}
	if _, err := o.InspectCompare(InspectCompareRequest{A: first, B: retry}); err == nil || err.Error() != want {
		t.Errorf("compare: got %v\nwant %s", err, want)
	}
	// Either attempt alone is read; the retry has every sample once.
	for _, c := range []struct {
		log  string
		rows int
	}{{first, 6}, {retry, 10}} {
		if in, err := o.ReadInspect([]string{c.log}); err != nil || len(in.Rows) != c.rows {
			t.Errorf("%s alone: %v, want %d rows", c.log, err, c.rows)
		}
	}
}
