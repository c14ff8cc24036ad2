package inspect

import (
	"bytes"
	"strings"
	"testing"
)

// A file that is not an Inspect log says what it looks like, from its first bytes or
// keys (package sniff). Before, an episode file, sample rows (written by samples) or
// lm-eval's samples, one JSON object a line, were "more follows the log's JSON document
// (two logs in one file?)" or a decoding error of a member ("error: json: cannot
// unmarshal string into Go value of type inspect.SampleError"), gzip data "invalid JSON
// at byte 1", τ²-bench results, a case spec and a JSON Schema "eval: missing".
func TestForeignFileNamedAsLog(t *testing.T) {
	const ep = `{"schema":"sabench.episode/v1","run_id":"r1","config":"m/h","case_id":"SAB-V1-001","repeat":0}` + "\n"
	const not = ", not an Inspect log (.eval or .json)"
	for _, c := range []struct{ name, doc, want string }{
		{"eval-set.json", `{"eval_set_id":"X","tasks":[{"name":"t","task_id":"a","model":"openai/gpt-4o"}]}`, "eval-set.json: looks like an Inspect eval set's manifest (eval-set.json)" + not + ": give the logs beside it (or their folder) to --inspect"},
		{"logs.json", `{"2025-01-01T00-00-00_t_abc.eval":{"eval":{"task":"t","model":"m"}}}`, "logs.json: looks like an Inspect log folder's index (logs.json), keyed by log file" + not},
		{"runs.jsonl", ep, "runs.jsonl: looks like sabench.episode/v1 episodes (JSONL)" + not + ": episode files go to --runs"},
		{"runs2.jsonl", ep + ep, "runs2.jsonl: looks like sabench.episode/v1 episodes (JSONL)" + not},
		{"v2.jsonl", strings.ReplaceAll(ep+ep, "/v1", "/v2"), "v2.jsonl: looks like episodes of schema sabench.episode/v2, a version this toolkit does not read (it reads sabench.episode/v1)" + not},
		{"samples.jsonl", `{"log":"a.eval","task":"t","model":"m","sample_id":"1","epoch":1,"scorer":"match","error":""}` + "\n" + `{"log":"a.eval","task":"t","model":"m","sample_id":"2","epoch":1,"scorer":"match","error":""}` + "\n", "samples.jsonl: looks like Inspect sample rows (written by samples)" + not},
		{"lm.jsonl", `{"doc_id": 0, "resps": [["4"]]}` + "\n" + `{"doc_id": 1, "resps": [["5"]]}` + "\n", "lm.jsonl: looks like lm-evaluation-harness samples (doc_id, resps)" + not},
		{"tau2.json", "{\n  \"info\": {},\n  \"simulations\": []\n}\n", "tau2.json: looks like τ²-bench results (an object with simulations[])" + not + ": τ-bench and τ²-bench results go through ingest --tau"},
		{"case.json", "{\n  \"episode_id\": \"SAB-V1-001\",\n  \"requirements\": []\n}\n", "case.json: looks like a SafeActBench case spec (episode_id, requirements, …)" + not},
		{"gz.json", "\x1f\x8b\x08\x00\x00\x00\x00\x00", "gz.json: looks like gzip-compressed data" + not},
		{"p.eval", "PAR1\x15\x04", "p.eval: looks like a Parquet file"},
		{"other.json", `{"a":1}`, "other.json: looks like a JSON object with keys a" + not},
	} {
		_, err := OpenReaderAt(c.name, bytes.NewReader([]byte(c.doc)), int64(len(c.doc)), nil)
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.name, err, c.want)
		}
	}
}
