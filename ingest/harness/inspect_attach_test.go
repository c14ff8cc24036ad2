package harness_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/ingest/harness"
	"github.com/sabench/sabench-stats/ingest/jsonv"
)

// TestInspectAttachedArguments: Inspect condenses a sample's events by replacing each
// string longer than 100 characters with "attachment://<hash>", key by key in a tool
// event's arguments ({"incident_id": "attachment://…"}), and resolves them on reading.
// The reader resolved only a value that was itself such a string, so the action's
// arguments reached the record as the reference, not the argument: the episode was
// scored on "attachment://h1". They are now the episode of the same log written
// without attachments.
func TestInspectAttachedArguments(t *testing.T) {
	b := builtinBench(t)
	sample := func(condensed bool) map[string]any {
		ev := v1Events("submit")
		if condensed {
			ev[1] = toolEvent("c2", "incident_close", map[string]any{"incident_id": "attachment://h1", "resolution_code": "attachment://h2"}, `{"receipt_id":"R-1"}`)
		}
		s := map[string]any{"id": "SAB-V1-001", "epoch": 1, "metadata": map[string]any{"case_id": "SAB-V1-001"},
			"output": map[string]any{"completion": v1Answer}, "events": ev}
		if condensed {
			s["attachments"] = map[string]any{"h1": "INC-8BF976", "h2": "production"}
		}
		return s
	}
	var records []string
	for _, condensed := range []bool{false, true} {
		path := filepath.Join(t.TempDir(), "log.eval")
		writeEval(t, path, header("openai/gpt-x", "react", nil), sample(condensed))
		res, err := harness.ReadInspectFiles([]string{path}, harness.Options{Bench: b})
		if err != nil || len(res.Problems) > 0 || len(res.Episodes) != 1 {
			t.Fatalf("condensed %v: %v %v %d episodes", condensed, err, res.Problems, len(res.Episodes))
		}
		records = append(records, string(jsonv.Marshal(res.Episodes[0].Record.Object())))
	}
	if records[1] != records[0] {
		t.Errorf("record from the condensed log\n%s\nwant\n%s", records[1], records[0])
	}
	if !strings.Contains(records[1], `"arguments":{"incident_id":"INC-8BF976","resolution_code":"production"}`) {
		t.Errorf("record %s", records[1])
	}
}
