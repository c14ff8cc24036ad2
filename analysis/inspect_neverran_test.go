package analysis

import (
	"encoding/json"
	"math"
	"path/filepath"
	"testing"

	"github.com/sabench/sabench-stats/ingest/inspect"
)

// TestPassKPlannedCountsSamplesNeverRun: log_streaming.eval plans samples 1 and 2 for 2
// epochs each (its header's dataset sample_ids); cut to sample 1, as a run cancelled
// before sample 2 leaves it, the planned pass^k was over sample 1 alone. Sample 2 is in
// the plan: it fails both epochs, so planned pass^1 halves; the mean and per-case do not
// move.
func TestPassKPlannedCountsSamplesNeverRun(t *testing.T) {
	f := filepath.Join(inspectLogs, "log_streaming.eval")
	log, rows := inspectRows(t, f)
	if ids := log.Eval.Dataset.SampleIDs; len(ids) != 2 || log.Eval.Config.Epochs != 2 {
		t.Fatalf("fixture: sample ids %v, epochs %d", ids, log.Eval.Config.Epochs)
	}
	var cut []inspect.Row
	for _, r := range rows {
		if r.SampleID == log.Eval.Dataset.SampleIDs[0] {
			cut = append(cut, r)
		}
	}
	o := DefaultStatOptions()
	o.Resamples = 0
	opt := InspectBoardOptions{PassK: []int{1}, Epochs: map[string]int{f: 2}}
	board := func(opt InspectBoardOptions) InspectEntry {
		b, err := LeaderboardInspect(cut, opt, o)
		if err != nil || len(b.Entries) != 1 {
			t.Fatalf("%v, %d entries", err, len(b.Entries))
		}
		return b.Entries[0]
	}
	before := board(opt)
	opt.Planned = map[string][]inspect.SampleID{f: log.Eval.Dataset.SampleIDs}
	after := board(opt)
	if after.NeverRan != 1 || before.NeverRan != 0 {
		t.Errorf("never ran: %d, %d", before.NeverRan, after.NeverRan)
	}
	if b, a := before.PassKPlanned[0], after.PassKPlanned[0]; b.Value <= 0 || math.Abs(a.Value-b.Value/2) > 1e-12 {
		t.Errorf("planned pass^1 %v with sample 2 planned, %v without; want half", a.Value, b.Value)
	}
	if before.X != after.X || before.PassKPerCase[0].Value != after.PassKPerCase[0].Value || after.Samples != 1 {
		t.Errorf("mean %v → %v, per-case %v → %v, samples %d", before.X, after.X, before.PassKPerCase[0].Value, after.PassKPerCase[0].Value, after.Samples)
	}
	// Without pass^k the count is made too, for the leaderboard's note (it was 0).
	opt.PassK = nil
	if e := board(opt); e.NeverRan != 1 {
		t.Errorf("without pass^k: never ran %d", e.NeverRan)
	}
	opt.PassK = []int{1}
	// With --by a sample never run has no group: left out, not counted. The run sample
	// gets the key (a key no sample has is refused).
	for i := range cut {
		cut[i].Metadata = map[string]json.RawMessage{"label": json.RawMessage(`"a"`)}
	}
	opt.By = "label"
	if e := board(opt); e.NeverRan != 0 {
		t.Errorf("with By: never ran %d", e.NeverRan)
	}
}
