package inspect

import (
	"bytes"
	"strings"
	"testing"
)

// An eval set's eval-set.json, a folder's logs.json or an episode file named as a log says
// what it is; it was "eval: missing: not an Inspect log", as for any JSON object. A JSON
// object of none of these kinds keeps that message.
func TestJSONIndexNamedAsLog(t *testing.T) {
	for _, c := range []struct{ name, doc, want string }{
		{"eval-set.json", `{"eval_set_id":"X","tasks":[{"name":"t","task_id":"a","model":"openai/gpt-4o"}]}`, "eval-set.json: not an Inspect log but an eval set's index (eval-set.json): give the logs themselves"},
		{"logs.json", `{"2025-01-01T00-00-00_t_abc.eval":{"eval":{"task":"t","model":"m"}}}`, "logs.json: not an Inspect log but a folder's log index (logs.json), keyed by log file: give the logs themselves"},
		{"runs.jsonl", `{"schema":"sabench.episode/v1","run_id":"r1","config":"m/h","case_id":"SAB-V1-001","repeat":0}` + "\n", "runs.jsonl: not an Inspect log but an episode (sabench.episode/v1 JSONL, read with --runs): give the logs themselves"},
		{"other.json", `{"a":1}`, "other.json: eval: missing: not an Inspect log"},
	} {
		_, err := OpenReaderAt(c.name, bytes.NewReader([]byte(c.doc)), int64(len(c.doc)), nil)
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.name, err, c.want)
		}
	}
}
