package harness_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/ingest/harness"
)

// TestInspectNestedEventsRefused: older Inspect versions nest the events of an agent run
// as a tool (in the tool event's "events") and of a subtask (in the subtask event's);
// the reader passed over them, so the key action a sub-agent took was missing from the
// record and the episode was scored as if it had not acted. Such a sample is now a
// problem naming its member; empty nested lists, as later versions write them, are not.
func TestInspectNestedEventsRefused(t *testing.T) {
	b := builtinBench(t)
	inner := []any{toolEvent("c9", "incident_close", map[string]any{"incident_id": "INC-8BF976", "resolution_code": "production"}, `{"receipt_id":"R-1"}`)}
	for _, tc := range []struct {
		name string
		edit func(ev []any) []any
		want string // "" for an episode
	}{
		{"agent tool", func(ev []any) []any {
			agent := toolEvent("c8", "helper_agent", map[string]any{"task": "close it"}, "done")
			agent["events"] = inner
			return []any{ev[0], agent, ev[2]}
		}, "samples/SAB-V1-001_epoch_1.json: events: 1 tool or subtask event holds nested events"},
		{"subtask", func(ev []any) []any {
			sub := map[string]any{"event": "subtask", "name": "closer", "input": map[string]any{}, "result": nil, "events": inner}
			return []any{ev[0], sub, ev[2]}
		}, "samples/SAB-V1-001_epoch_1.json: events: 1 tool or subtask event holds nested events"},
		{"empty nested lists", func(ev []any) []any {
			ev[0].(map[string]any)["events"] = []any{}
			return append(ev, map[string]any{"event": "subtask", "name": "s", "events": []any{}})
		}, ""},
	} {
		s := map[string]any{"id": "SAB-V1-001", "epoch": 1, "metadata": map[string]any{"case_id": "SAB-V1-001"},
			"output": map[string]any{"completion": v1Answer}, "events": tc.edit(v1Events("submit"))}
		path := filepath.Join(t.TempDir(), "log.eval")
		writeEval(t, path, header("openai/gpt-x", "react", nil), s)
		// The record from the output (a light read) and from the answer tool (a full one).
		for _, from := range []string{"", "tool:submit"} {
			res, err := harness.ReadInspectFiles([]string{path}, harness.Options{Bench: b, RecordFrom: from})
			if err != nil {
				t.Fatal(err)
			}
			if tc.want == "" {
				if len(res.Episodes) != 1 || len(res.Problems) != 0 {
					t.Errorf("%s (record from %q): %d episodes, problems %v", tc.name, from, len(res.Episodes), res.Problems)
				}
				continue
			}
			if len(res.Episodes) != 0 || len(res.Problems) != 1 || !strings.Contains(res.Problems[0].String(), tc.want) {
				t.Errorf("%s (record from %q): %d episodes, problems %v; want %q", tc.name, from, len(res.Episodes), res.Problems, tc.want)
			}
		}
	}
}
