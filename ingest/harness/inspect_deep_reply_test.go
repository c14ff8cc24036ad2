package harness_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/ingest/harness"
)

// TestInspectReplyTooDeep: an information tool's reply holding JSON nested deeper than the
// readers take was read as text: the INFO_CALL lost its host fields (tool_status,
// evidence_delta_key) and the read its facts, and the episode was scored so without a
// word. It is a problem naming the sample's member and the call, at every depth past the
// limit (a million levels too: the reader holds no stack per level).
func TestInspectReplyTooDeep(t *testing.T) {
	b := builtinBench(t)
	for _, n := range []int{513, 1_000_000} {
		deep := strings.Repeat("[", n) + strings.Repeat("]", n)
		ev := v1Events("submit")
		ev[0] = toolEvent("c1", "incident_read", map[string]any{"record_id": "OPS-INCIDENT-1"},
			`{"tool_status":"ok","evidence_delta_key":"incident_read:{\"record_id\":\"OPS-INCIDENT-1\"}","deep":`+deep+`}`)
		s := map[string]any{"id": "SAB-V1-001", "epoch": 1, "metadata": map[string]any{"case_id": "SAB-V1-001"},
			"output": map[string]any{"completion": v1Answer}, "events": ev}
		path := filepath.Join(t.TempDir(), "log.eval")
		writeEval(t, path, header("openai/gpt-x", "react", nil), s)
		res, err := harness.ReadInspectFiles([]string{path}, harness.Options{Bench: b})
		if err != nil {
			t.Fatal(err)
		}
		const want = "samples/SAB-V1-001_epoch_1.json: events (tool call 1, incident_read).result: the reply is a JSON text nested deeper than 512 levels, which is not read"
		if len(res.Episodes) != 0 || len(res.Problems) != 1 || !strings.Contains(res.Problems[0].String(), want) {
			t.Errorf("depth %d: %d episodes, problems %v; want the one problem %q", n, len(res.Episodes), res.Problems, want)
		}
	}
}
