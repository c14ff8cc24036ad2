package harness

import (
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/ingest/jsonv"
)

const fuzzSecret = "SECRET-OUTSIDE-THE-ROOT"

// fuzzRoot makes root/ (the harness folder) and outside/ (files no adapter may read).
func fuzzRoot(t *testing.T) (root, outside string) {
	base := t.TempDir()
	root, outside = filepath.Join(base, "root"), filepath.Join(base, "outside")
	os.MkdirAll(filepath.Join(outside, "v1"), 0o755)
	os.MkdirAll(root, 0o755)
	secret := []byte(`{"schema_version":1,"events":[],"case_id":"SAB-V1-001","status":"model_finished","leak":"` + fuzzSecret + `"}`)
	for _, p := range []string{"leak.json", "result.json", "v1/SAB-V1-001.json"} {
		os.WriteFile(filepath.Join(outside, p), secret, 0o644)
	}
	return root, outside
}

// put writes a fuzzed file only where it stays inside root.
func put(root, rel string, data []byte) {
	if !filepath.IsLocal(rel) {
		return
	}
	p := filepath.Join(root, rel)
	os.MkdirAll(filepath.Dir(p), 0o755)
	os.WriteFile(p, data, 0o644)
}

// noLeak fails when an episode carries content from outside the root.
func noLeak(t *testing.T, res *Result) {
	for _, e := range res.Episodes {
		for _, v := range []*jsonv.Object{e.Record.Object(), e.Official, e.Extra, e.Usage.Object()} {
			if v != nil && strings.Contains(string(jsonv.Marshal(v)), fuzzSecret) {
				t.Fatalf("%s: content from outside the root", e.CaseID)
			}
		}
	}
}

// finiteUsage fails when an episode's usage holds a number no reader of the episodes takes
// (Infinity, NaN) or a negative wall time: the file ingest writes must read back.
func finiteUsage(t *testing.T, res *Result) {
	for _, e := range res.Episodes {
		if e.Usage == nil {
			continue
		}
		o := e.Usage.Object()
		for i, k := range o.Keys {
			x, ok := o.Values[i].(float64)
			if ok && (math.IsInf(x, 0) || math.IsNaN(x) || (k == "wall_seconds" && x < 0)) {
				t.Fatalf("%s: usage %s is %v", e.CaseID, k, x)
			}
		}
	}
}

// FuzzBatchDir: a batch folder with a fuzzed summary.json, a fuzzed per-case file
// name and protocol, and links out of the root never panics, never yields content
// from outside the root, and gives no wall time that is not a finite span.
func FuzzBatchDir(f *testing.F) {
	f.Add([]byte(`{"metrics":{},"failures":[{"case_id":"../../outside/leak","protocol":"v1","classification":"run_failure"}]}`), "SAB-V1-001", "v1", uint8(0))
	f.Add([]byte(`{"metrics":{},"failures":[{"case_id":"SAB-V1-001","protocol":"../outside","classification":"evaluation_harness_failure"}]}`), "SAB-V1-001", "v1", uint8(1))
	f.Add([]byte(`{"metrics":{"selected_cases":1},"deferred_cases":3,"reused_cases":["a/../b"]}`), "x", "v9", uint8(2))
	f.Add([]byte(`{"metrics":{},"deferred_cases":["SAB-V3-001"]}`), "SAB-V3-001", "v3", uint8(3))
	f.Add([]byte(`[]`), "..", "legacy", uint8(4))
	f.Add([]byte(`{"failures":{"case_id":1}}`), "SAB-L-001", "legacy", uint8(5))
	f.Add([]byte(`{"schema_version":1,"events":[],"started_at":"0001-01-01T00:00:00Z","finished_at":"9999-12-31T23:59:59.999999999Z"}`), "SAB-V1-001", "v1", uint8(8))
	f.Add([]byte(`{"schema_version":1,"events":[],"started_at":"2026-01-01T00:00:00+14:00","finished_at":"2025-12-31T10:00:00-14:00","backend":"claude","stdout":"{\"total_cost_usd\":1e308,\"usage\":{\"input_tokens\":1e400}}"}`), "SAB-V1-001", "v1", uint8(8))
	f.Fuzz(func(t *testing.T, summary []byte, name, proto string, links uint8) {
		root, outside := fuzzRoot(t)
		put(root, "summary.json", summary)
		file := map[bool][]byte{true: []byte(`{"schema_version":1,"events":[]}`), false: summary}[links&8 == 0]
		for _, sub := range []string{"raw_outputs", "traces", "records", "normalized_results"} {
			put(root, filepath.Join(sub, proto, name+".json"), file)
		}
		put(root, filepath.Join("logs", proto, name+"_run.json"), []byte(`{"returncode":1}`))
		if links&1 != 0 {
			os.MkdirAll(filepath.Join(root, "traces"), 0o755)
			os.Symlink(filepath.Join(outside, "v1"), filepath.Join(root, "traces", "v1"))
		}
		if links&2 != 0 {
			os.MkdirAll(filepath.Join(root, "raw_outputs", "v1"), 0o755)
			os.Symlink(filepath.Join(outside, "leak.json"), filepath.Join(root, "raw_outputs", "v1", "SAB-V1-001.json"))
		}
		if links&4 != 0 {
			os.Symlink(outside, filepath.Join(root, "records"))
		}
		for _, mode := range []string{ModeAnalyst, ModeRunner} {
			res, err := ReadBatchDir(root, Options{Config: "a/b", Mode: mode})
			if err != nil {
				continue
			}
			noLeak(t, res)
			finiteUsage(t, res)
		}
	})
}

// FuzzInteractiveDir: a folder of runs with a fuzzed result.json, run name and
// links never panics, never yields content from outside the root, and
// gives no wall time that is not a finite span.
func FuzzInteractiveDir(f *testing.F) {
	f.Add([]byte(`{"status":"runtime_failed","case_id":"../../etc/passwd","failure_code":"gateway_initialization_failed"}`), "run1", uint8(0))
	f.Add([]byte(`{"status":"model_finished","case_id":"SAB-V2-001","usage":{"prompt_tokens":3},"execution":{"execution_events":{}}}`), "SAB-V2-001.run1", uint8(1))
	f.Add([]byte(`{"status":"episode_wall_timeout","case_id":"SAB-V2-016","usage":[1,{"usage":{"cost":"x"}}]}`), "r", uint8(2))
	f.Add([]byte(`{"status":"protocol_error","case_id":"SAB-V2-018","driver_protocol_error":7,"started_at_unix":1e308,"finished_at_unix":-1e308}`), "a1", uint8(3))
	f.Add([]byte(`{"status":"model_finished","case_id":"SAB-V2-001","started_at_unix":-1.7e308,"finished_at_unix":1.7e308,"usage":[{"usage":{"cost":1e308}},{"usage":{"cost":1e308}}]}`), "b1", uint8(0))
	f.Fuzz(func(t *testing.T, result []byte, run string, links uint8) {
		root, outside := fuzzRoot(t)
		put(root, filepath.Join(run, "result.json"), result)
		put(root, filepath.Join(run, "case_metadata.json"), []byte(`{"case_id":"SAB-V2-001","protocol":"v2"}`))
		if links&1 != 0 {
			os.Symlink(outside, filepath.Join(root, "linked-run"))
		}
		if links&2 != 0 && filepath.IsLocal(run) {
			os.MkdirAll(filepath.Join(root, run), 0o755)
			os.Symlink(filepath.Join(outside, "result.json"), filepath.Join(root, run, "usage.json"))
		}
		for _, rf := range []string{RepeatFromOrder, RepeatFromDirname} {
			for _, dir := range []string{root, filepath.Join(root, run)} {
				if !filepath.IsLocal(run) {
					continue
				}
				res, err := ReadInteractiveDir(dir, Options{Config: "a/b", RepeatFrom: rf, Mode: ModeRunner})
				if err != nil {
					continue
				}
				noLeak(t, res)
				finiteUsage(t, res)
			}
		}
	})
}
