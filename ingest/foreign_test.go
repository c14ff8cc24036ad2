package ingest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Files of neighbouring formats given as episodes are refused on their first line by
// what they look like. Before, each was a list of missing episode fields ("schema:
// required field is missing … (and 11 more problems)" for lm-eval's samples, Inspect's
// sample rows and an interactive harness's journal), the generic "a JSON document over
// several lines (pretty-printed?)" for every pretty-printed document, or a bare "invalid
// JSON: column 1: unexpected 'B'" for bzip2 data.
func TestReadForeignFiles(t *testing.T) {
	const other = ": another harness's output; this toolkit reads SafeActBench episodes, Inspect logs and τ-bench results"
	cases := []struct{ name, body, want string }{
		{"lm-eval", `{"doc_id": 0, "doc": {"question": "2+2"}, "target": "4", "resps": [["4"]], "filtered_resps": ["4"], "exact_match": 1.0}` + "\n" +
			`{"doc_id": 1, "doc": {"question": "3+3"}, "target": "6", "resps": [["5"]], "filtered_resps": ["5"], "exact_match": 0.0}` + "\n",
			"looks like lm-evaluation-harness samples (doc_id, resps), not " + episodesWanted + ": another harness's per-sample output; this toolkit reads SafeActBench episodes, Inspect logs and τ-bench results"},
		{"openai-evals", `{"spec": {"completion_fns": ["gpt-4o"], "eval_name": "test-match.s1.simple-v0", "run_id": "230101abc"}}` + "\n" +
			`{"final_report": {"accuracy": 1.0}}` + "\n",
			"looks like an OpenAI evals record log (spec, final_report, events), not " + episodesWanted + other},
		{"helm", `[{"instance_id": "id1", "train_trial_index": 0, "stats": [{"name": {"name": "exact_match"}, "sum": 1.0, "count": 1}]}]` + "\n",
			"looks like a JSON array of HELM per-instance results (instance_id, stats), not " + episodesWanted + other},
		{"samples.jsonl", `{"log":"a.eval","task":"popularity","model":"openai/gpt-4o-mini","eval_id":"","sample_id":"1","epoch":1,"scorer":"match","value":"C"}` + "\n",
			"looks like Inspect sample rows (written by samples), not " + episodesWanted + ": sample rows are samples' output; give the Inspect logs they were read from to --inspect"},
		{"samples.csv", "log,task,model,eval_id,sample_id,epoch,scorer,value\na.eval,popularity,openai/gpt-4o-mini,,1,1,match,C\n",
			"looks like a CSV of Inspect sample rows (written by samples), not " + episodesWanted},
		{"table.csv", "group,config,ecs,ecs_lo,ecs_hi,ci_level,ci_method\nc,c/h,60.0,20.0,100.0,0.95,percentile\n",
			"looks like a table as CSV (written by tables or report), not " + episodesWanted},
		{"sidecar", "{\n  \"tables\": [\"T2\"],\n  \"titles\": {\"T2\": \"Main results\"},\n  \"columns\": {\"T2\": []}\n}\n",
			"looks like a CSV table's sidecar (.csv.meta.json, written by tables or report), not " + episodesWanted},
		{"eval-set", "{\n  \"eval_set_id\": \"aBcD1234\",\n  \"tasks\": []\n}\n",
			"looks like an Inspect eval set's manifest (eval-set.json), not " + episodesWanted + ": give the logs beside it (or their folder) to --inspect"},
		{"logs-index", "{\n  \"2025-02-11T15-17-00-05-00_popularity_dPiJifoWeEQBrfWsAopzWr.eval\": {\"version\": 2, \"status\": \"success\"}\n}\n",
			"looks like an Inspect log folder's index (logs.json), keyed by log file, not " + episodesWanted},
		{"inspect-json-log", "{\n  \"version\": 2,\n  \"status\": \"success\",\n  \"eval\": {\"task\": \"popularity\"}\n}\n",
			"looks like an Inspect JSON log, not " + episodesWanted + ": Inspect logs go to --inspect"},
		{"case-spec", "{\n  \"episode_id\": \"SAB-V1-001\",\n  \"domain\": \"x\",\n  \"requirements\": []\n}\n",
			"looks like a SafeActBench case spec (episode_id, requirements, …), not " + episodesWanted + ": case specs and schemas are the bench: give the checkout or case folder to --bench"},
		{"case-rows", `{"episode_id": "SAB-V1-001", "domain": "x", "requirements": []}` + "\n" + `{"episode_id": "SAB-V1-002", "domain": "x", "requirements": []}` + "\n",
			"looks like SafeActBench case specs (episode_id, requirements, …), not " + episodesWanted},
		{"schema", "{\n  \"$schema\": \"https://json-schema.org/draft/2020-12/schema\",\n  \"type\": \"object\"\n}\n",
			"looks like a JSON Schema, not " + episodesWanted},
		{"tau2-pretty", "{\n  \"timestamp\": \"2026-12-05T21:00:00\",\n  \"info\": {},\n  \"simulations\": []\n}\n",
			"looks like τ²-bench results (an object with simulations[]), not " + episodesWanted + ": τ-bench and τ²-bench results go through ingest --tau, which writes their episodes"},
		{"journal", `{"sequence":1,"kind":"http_request","time_unix":1788256801.0,"model_reply":0,"request":1}` + "\n" + `{"sequence":2,"kind":"http_response","time_unix":1788256802.0}` + "\n",
			"looks like an interactive harness run's journal.jsonl, not " + episodesWanted + ": the run folder goes through ingest --interactive, which writes its episodes"},
		{"bzip2", "BZh91AY&SY\x9a\x1b\x00\x00",
			"looks like bzip2-compressed data, not " + episodesWanted + ": decompress it first (bunzip2 -k FILE); --runs reads gzip and zstd episode files, not bzip2"},
		{"xz", "\xfd7zXZ\x00\x00\x04\xe6\xd6\xb4F",
			"looks like xz-compressed data, not " + episodesWanted},
	}
	dir := t.TempDir()
	for _, c := range cases {
		p := filepath.Join(dir, c.name)
		if err := os.WriteFile(p, []byte(c.body), 0o644); err != nil {
			t.Fatal(err)
		}
		rep, err := Validate([]string{p}, ReadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if rep.Lines != 0 || rep.ProblemCount() != 1 {
			t.Errorf("%s: read %d episodes with %d problems %v; want none read and one problem", c.name, rep.Lines, rep.ProblemCount(), rep.Problems)
			continue
		}
		got := rep.Problems[0].String()
		if !strings.HasPrefix(got, p+":1: ") || !strings.Contains(got, c.want) {
			t.Errorf("%s: got %q\nwant %s:1: …%s…", c.name, got, p, c.want)
		}
	}
}

// An episode file whose first line is damaged by a '}' or ']' after the record keeps
// its reader's error, which says where, and its other lines are read. Before, the file
// was refused whole as "one episode written over several lines (pretty-printed)".
func TestDamagedFirstLineNotForeign(t *testing.T) {
	const ep = `{"schema":"sabench.episode/v1","run_id":"r1","config":"m/h","case_id":"SAB-V1-001","repeat":0}`
	for _, extra := range []string{"}", "]"} {
		p := filepath.Join(t.TempDir(), "runs.jsonl")
		if err := os.WriteFile(p, []byte(ep+extra+"\n"+ep+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		rep, err := Validate([]string{p}, ReadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		got := rep.Problems[0].String()
		if rep.Lines != 2 || !strings.HasPrefix(got, p+":1: invalid JSON: column 95: ") {
			t.Errorf("%q after the first record: read %d lines, first problem %q; want 2 lines, %s:1: invalid JSON: column 95: …", extra, rep.Lines, got, p)
		}
	}
}

// A first line cut short at its start ("schema":"sabench.episode/v1",…) keeps its
// reader's error and the other lines are read; before, the file was refused whole as
// "a CSV file (header: …)".
func TestCutFirstLineNotCSV(t *testing.T) {
	const ep = `{"schema":"sabench.episode/v1","run_id":"r1","config":"m/h","case_id":"SAB-V1-001","repeat":0}`
	p := filepath.Join(t.TempDir(), "runs.jsonl")
	if err := os.WriteFile(p, []byte(ep[1:]+"\n"+ep+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	rep, err := Validate([]string{p}, ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if got := rep.Problems[0].String(); rep.Lines != 2 || !strings.HasPrefix(got, p+":1: invalid JSON: column 9: ") {
		t.Errorf("read %d lines, first problem %q; want 2 lines, %s:1: invalid JSON: column 9: …", rep.Lines, got, p)
	}
}
