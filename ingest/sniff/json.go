package sniff

import (
	"bytes"
	"encoding/json"
	"io"
	"strings"
)

// object is the first JSON object of a file: its keys, the values of those that are
// short strings (schema, …), and which values are objects.
type object struct {
	keys    []string
	has     map[string]bool
	strings map[string]string
	objects map[string]bool
}

func (o *object) any(keys ...string) bool {
	for _, k := range keys {
		if o.has[k] {
			return true
		}
	}
	return false
}

func (o *object) all(keys ...string) bool {
	for _, k := range keys {
		if !o.has[k] {
			return false
		}
	}
	return true
}

// readObject reads the object whose '{' dec has just returned. Values are skipped
// without being kept, so a document's large members cost their reading only.
// On an error it returns the keys read so far (a document cut short) and false.
func readObject(dec *json.Decoder) (*object, bool) {
	o := &object{has: map[string]bool{}, strings: map[string]string{}, objects: map[string]bool{}}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, false
		}
		key, _ := tok.(string)
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			o.has[key] = true // the keys read, for a document cut short (partial)
			return o, false
		}
		o.keys = append(o.keys, key)
		o.has[key] = true
		o.objects[key] = len(v) > 0 && v[0] == '{'
		var s string
		if len(v) < 256 && json.Unmarshal(v, &s) == nil {
			o.strings[key] = s
		}
	}
	if _, err := dec.Token(); err != nil { // '}'
		return nil, false
	}
	return o, true
}

// jsonKind tells a JSON document from JSON Lines, and each by its first object's keys.
func jsonKind(r io.Reader) Kind {
	dec := json.NewDecoder(r)
	tok, err := dec.Token()
	if err != nil {
		return Kind{}
	}
	switch tok {
	case json.Delim('{'):
		o, ok := readObject(dec)
		if !ok {
			if o != nil && o.all("version", "eval") {
				// A log cut short or damaged: its reader says where.
				return Kind{ID: IDInspectLog, What: "an Inspect JSON log", Use: "Inspect logs go to --inspect"}
			}
			return Kind{}
		}
		if dec.More() {
			return lineKind(o)
		}
		if _, err := dec.Token(); err != io.EOF {
			// A '}' or ']' after the object: a first line damaged, not a document.
			return Kind{}
		}
		return documentKind(o)
	case json.Delim('['):
		// A file's head cut inside the first element says nothing: its reader's
		// error does.
		return arrayValue(dec, Kind{})
	}
	return Kind{}
}

// jsonArray is a JSON array of no known kind.
var jsonArray = Kind{ID: "json-array", What: "a JSON array"}

// arrayValue tells a JSON array by its first element, dec just past its '['; unreadable
// is what an array whose first object does not read is.
func arrayValue(dec *json.Decoder, unreadable Kind) Kind {
	if !dec.More() {
		return Kind{ID: "empty-array", What: "an empty JSON array"}
	}
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return jsonArray
	}
	o, ok := readObject(dec)
	if !ok {
		return unreadable
	}
	return arrayKind(o)
}

// episodeSchema names the episode format of an object's schema, if it has one.
func episodeSchema(o *object) (string, bool) {
	s, ok := o.strings["schema"]
	return s, ok && strings.HasPrefix(s, "sabench.episode/")
}

// lineKind tells JSON Lines by their first record.
func lineKind(o *object) Kind {
	if s, ok := episodeSchema(o); ok {
		if s == "sabench.episode/v1" {
			return Kind{ID: IDEpisodes, What: "sabench.episode/v1 episodes (JSONL)", Use: "episode files go to --runs"}
		}
		return Kind{ID: "episodes-other", What: "episodes of schema " + s + ", a version this toolkit does not read (it reads sabench.episode/v1)"}
	}
	if k := recordKind(o); k.Known() {
		return k
	}
	switch {
	case o.all("version", "eval"):
		return Kind{ID: "inspect-logs-concatenated", What: "Inspect JSON logs one after another (JSON Lines of logs)", Use: "give each log as its own file to --inspect"}
	case o.has["sequence"] && o.has["kind"] && o.has["time_unix"]:
		return Kind{ID: "harness-journal", What: "an interactive harness run's journal.jsonl", Use: "the run folder goes through ingest --interactive, which writes its episodes"}
	}
	return Kind{ID: "jsonl", What: "a JSON object with " + keyList(o)}
}

// recordKind tells the records that are the same whether written one a line or as the
// elements of an array.
func recordKind(o *object) Kind {
	switch {
	case !o.has["schema"] && o.has["policy_hash"] && o.has["ecs"]:
		return Kind{ID: "verdicts", What: "verdicts (written by score)", Use: verdictUse}
	case o.all("log", "sample_id", "scorer"):
		return Kind{ID: "samples", What: "Inspect sample rows (written by samples)", Use: samplesUse}
	case o.has["doc_id"] && o.any("resps", "filtered_resps"):
		return Kind{ID: "lm-eval", What: "lm-evaluation-harness samples (doc_id, resps)", Use: "another harness's per-sample output; this toolkit reads SafeActBench episodes, Inspect logs and τ-bench results"}
	case o.has["spec"] && len(o.keys) == 1 || o.has["final_report"] || o.all("run_id", "event_id", "sample_id"):
		return Kind{ID: "openai-evals", What: "an OpenAI evals record log (spec, final_report, events)", Use: "another harness's output; this toolkit reads SafeActBench episodes, Inspect logs and τ-bench results"}
	case o.has["instance_id"] && o.any("stats", "train_trial_index"):
		return Kind{ID: "helm", What: "HELM per-instance results (instance_id, stats)", Use: "another harness's output; this toolkit reads SafeActBench episodes, Inspect logs and τ-bench results"}
	case o.all("task_id", "reward", "traj"):
		return Kind{ID: IDTau, What: "τ-bench trajectories (task_id, reward, traj)", Use: tauUse}
	case o.has["episode_id"] && o.any("requirements", "expected_outcome", "key_action_template", "action_rules", "evidence_rules"):
		return Kind{ID: "case-spec", What: "SafeActBench case specs (episode_id, requirements, …)", Use: benchUse}
	}
	return Kind{}
}

// documentKind tells a JSON document (one value in the file) by its keys.
func documentKind(o *object) Kind {
	if _, ok := episodeSchema(o); ok {
		return Kind{ID: "episode-document", What: "one episode written over several lines (pretty-printed)", Use: "JSONL holds one episode a line (jq -c . FILE writes it)"}
	}
	switch {
	case o.all("version", "eval"):
		return Kind{ID: IDInspectLog, What: "an Inspect JSON log", Use: "Inspect logs go to --inspect"}
	case o.has["eval_set_id"]:
		return Kind{ID: "eval-set", What: "an Inspect eval set's manifest (eval-set.json)", Use: "give the logs beside it (or their folder) to --inspect"}
	case logIndex(o):
		return Kind{ID: "logs-index", What: "an Inspect log folder's index (logs.json), keyed by log file", Use: "give the logs beside it (or their folder) to --inspect"}
	case o.has["simulations"]:
		return Kind{ID: IDTau2, What: "τ²-bench results (an object with simulations[])", Use: tauUse}
	case o.has["$schema"] || o.all("type", "properties"):
		return Kind{ID: "json-schema", What: "a JSON Schema", Use: benchUse}
	case o.has["cases"] && (o.has["case_count"] || len(o.keys) <= 3) || o.all("catalog_id", "episodes"):
		return Kind{ID: "case-catalog", What: "a SafeActBench case catalog (cases[])", Use: benchUse}
	case o.all("dataset_id", "counting_unit") || o.has["bench_id"] && o.has["cases_catalog"]:
		return Kind{ID: "bench-manifest", What: "a SafeActBench manifest", Use: benchUse}
	case o.all("tables", "titles", "columns"):
		return Kind{ID: "csv-sidecar", What: "a CSV table's sidecar (.csv.meta.json, written by tables or report)", Use: "tables are outputs; give the episodes they were computed from"}
	case o.all("table", "columns") && o.any("rows", "meta", "title"):
		return Kind{ID: "table-json", What: "a table as JSON (written by tables or report)", Use: "tables are outputs; give the episodes they were computed from"}
	}
	if k := recordKind(o); k.Known() {
		if k.ID == "case-spec" {
			k.What = "a SafeActBench case spec (episode_id, requirements, …)"
		} else {
			k.What = "a single record of " + k.What + ", written over several lines"
		}
		return k
	}
	return Kind{ID: "json", What: "a JSON document with " + keyList(o)}
}

// arrayKind tells a JSON array by its first element.
func arrayKind(o *object) Kind {
	if _, ok := episodeSchema(o); ok {
		return Kind{ID: "episode-array", What: "a JSON array of episodes", Use: "JSONL holds one episode a line (jq -c '.[]' FILE writes it)"}
	}
	if k := recordKind(o); k.Known() {
		if k.ID != IDTau {
			k.What = "a JSON array of " + k.What
		} else {
			k.What = "τ-bench results (an array of EnvRunResult: task_id, reward, traj)"
		}
		return k
	}
	return Kind{ID: "json-array", What: "a JSON array of objects with " + keyList(o)}
}

// logIndex: every key names an Inspect log file and holds its header, an object
// (Inspect writes logs.json so); a harness's artifact_hashes.json, keyed by file names
// too, holds strings.
func logIndex(o *object) bool {
	if len(o.keys) == 0 {
		return false
	}
	for _, k := range o.keys {
		if !strings.HasSuffix(k, ".eval") && !strings.HasSuffix(k, ".json") || !o.objects[k] {
			return false
		}
	}
	return true
}

// keyList names an object's first keys.
func keyList(o *object) string {
	if len(o.keys) == 0 {
		return "no keys"
	}
	ks := o.keys
	more := ""
	if len(ks) > 5 {
		ks, more = ks[:5], ", …"
	}
	return "keys " + strings.Join(ks, ", ") + more
}

// Record tells what one JSON value is, given as bytes (the first line of a file read as
// JSON Lines): a record of a known kind, or a whole document written on one line. It
// does not name episodes, which the caller reads itself, nor a value of no known kind.
func Record(b []byte) Kind {
	switch k := lineValue(b); k.ID {
	case IDEpisodes, "jsonl", "json-array":
		return Kind{}
	default:
		return k
	}
}

// lineValue tells what the JSON value b, a file's first line, is.
func lineValue(b []byte) Kind {
	dec := json.NewDecoder(bytes.NewReader(b))
	tok, err := dec.Token()
	if err != nil {
		return Kind{}
	}
	switch tok {
	case json.Delim('{'):
		o, ok := readObject(dec)
		if !ok {
			return Kind{}
		}
		if k := lineKind(o); k.ID != "jsonl" {
			return k
		}
		if k := documentKind(o); k.ID != "json" && k.ID != "case-spec" && !strings.HasPrefix(k.What, "a single record") {
			return k
		}
		return lineKind(o)
	case json.Delim('['):
		return arrayValue(dec, jsonArray) // a whole line: an array, whatever its elements
	}
	return Kind{}
}
