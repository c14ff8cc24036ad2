package harness_test

// The harness fixtures under testdata/ are built here from the ten real cases'
// reference solutions, in the shapes the real runners write (the function that writes
// each file is named beside it; testdata/README.md has the list). The test checks
// that the files on disk are exactly what this builder produces; -update-harness rewrites
// them (review the diff).

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/casespec"
	"github.com/sabench/sabench-stats/ingest/harness"
	"github.com/sabench/sabench-stats/ingest/jsonv"
	"github.com/sabench/sabench-stats/oracle"
)

var updateHarness = flag.Bool("update-harness", false, "rebuild testdata/{batch,batch-killed,deepseek,interactive} from the real cases")

const harnessRoot = "testdata"

// fixtureDirs are the folders the builder owns (README.md and the golden files are not).
var fixtureDirs = []string{"batch", "batch-killed", "deepseek", "interactive"}

type fileSet map[string][]byte // path under testdata → content

func TestFixturesAreBuilt(t *testing.T) {
	files := buildHarnessFixtures(t)
	if *updateHarness {
		for _, d := range fixtureDirs {
			if err := os.RemoveAll(filepath.Join(harnessRoot, d)); err != nil {
				t.Fatal(err)
			}
		}
		for _, p := range sortedPaths(files) {
			full := filepath.Join(harnessRoot, p)
			if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(full, files[p], 0o644); err != nil {
				t.Fatal(err)
			}
		}
		return
	}
	onDisk := map[string]bool{}
	for _, d := range fixtureDirs {
		filepath.WalkDir(filepath.Join(harnessRoot, d), func(p string, de os.DirEntry, err error) error {
			if err == nil && !de.IsDir() {
				rel, _ := filepath.Rel(harnessRoot, p)
				onDisk[rel] = true
			}
			return nil
		})
	}
	for _, p := range sortedPaths(files) {
		got, err := os.ReadFile(filepath.Join(harnessRoot, p))
		if err != nil {
			t.Errorf("%s: %v (run go test ./ingest/harness -run Fixtures -update-harness)", p, err)
			continue
		}
		if !bytes.Equal(got, files[p]) {
			t.Errorf("%s differs from what the builder writes (run with -update-harness and review the diff)", p)
		}
		delete(onDisk, p)
	}
	for p := range onDisk {
		t.Errorf("%s: on disk but not built", p)
	}
}

func sortedPaths(f fileSet) []string {
	ps := make([]string, 0, len(f))
	for p := range f {
		ps = append(ps, p)
	}
	sort.Strings(ps)
	return ps
}

// pyJSON renders v as Python's json.dump(indent=2) would, keys sorted when sortKeys
// (the batch runner's write_json uses sort_keys=True; the interactive driver does not).
func pyJSON(v any, sortKeys bool) []byte {
	var b []byte
	var rec func(v any, depth int)
	ind := func(d int) { b = append(b, '\n'); b = append(b, strings.Repeat("  ", d)...) }
	rec = func(v any, depth int) {
		switch x := v.(type) {
		case *jsonv.Object:
			if x.Len() == 0 {
				b = append(b, "{}"...)
				return
			}
			keys := append([]string(nil), x.Keys...)
			if sortKeys {
				sort.Strings(keys)
			}
			b = append(b, '{')
			for i, k := range keys {
				if i > 0 {
					b = append(b, ',')
				}
				ind(depth + 1)
				b = jsonv.AppendJSON(b, k)
				b = append(b, ": "...)
				val, _ := x.Get(k)
				rec(val, depth+1)
			}
			ind(depth)
			b = append(b, '}')
		case []any:
			if len(x) == 0 {
				b = append(b, "[]"...)
				return
			}
			b = append(b, '[')
			for i, e := range x {
				if i > 0 {
					b = append(b, ',')
				}
				ind(depth + 1)
				rec(e, depth+1)
			}
			ind(depth)
			b = append(b, ']')
		default:
			b = jsonv.AppendJSON(b, x)
		}
	}
	rec(v, 0)
	return append(b, '\n')
}

func obj(kv ...any) *jsonv.Object { return jsonv.NewObject(kv...) }

func sha(b []byte) string { s := sha256.Sum256(b); return hex.EncodeToString(s[:]) }

// fixtureCase is one real case with its reference episode and the oracle's verdict on
// the record the runner would persist for it.
type fixtureCase struct {
	c     *casespec.Case
	proto string
	ref   *ingest.Episode
}

func loadFixtureCases(t *testing.T) map[string]*fixtureCase {
	b, err := casespec.LoadBench("../testdata/safeactbench", casespec.BenchOptions{})
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]*fixtureCase{}
	for _, c := range b.Cases {
		ref, err := oracle.ReferenceEpisode(c)
		if err != nil {
			t.Fatal(err)
		}
		out[c.ID] = &fixtureCase{c: c, proto: c.Protocol.String(), ref: ref}
	}
	return out
}

// verdict scores a record of the case with the safeact policy.
func verdict(t *testing.T, fc *fixtureCase, rec *jsonv.Object) oracle.Verdict {
	p, err := oracle.Prepare(fc.c)
	if err != nil {
		t.Fatal(err)
	}
	pol, err := oracle.LookupPolicy("safeact")
	if err != nil {
		t.Fatal(err)
	}
	ep := *fc.ref
	ep.Record = rec
	return p.Score(&ep, pol, false)
}

// nonLiveRecord is what coding_cli_safeact_agent's normalize_* functions return for the
// reference answer: the gateway's INFO_CALL events first, then the final answer's actions,
// and base_execution_record's runner and metadata (normalize_legacy's for Legacy).
func nonLiveRecord(fc *fixtureCase, backend, model string) *jsonv.Object {
	rec := jsonv.DeepCopy(fc.ref.Record).(*jsonv.Object)
	md := obj("agent_framework", backend, "model", model, "parse_error", nil, "raw_response", "{…final JSON answer…}")
	if fc.c.Protocol == ingest.Legacy {
		md = obj("runner", "coding_cli_safeact_agent", "agent_framework", backend, "model", model,
			"scenario_id", fc.c.ID, "parse_error", nil, "invalid_decision", false, "raw_response", "{…final JSON answer…}")
		rec.Set("metadata", md)
		return rec
	}
	evs, _ := rec.List("events")
	var info, acts []any
	for _, x := range evs {
		if ev, ok := x.(*jsonv.Object); ok {
			if typ, _ := ev.String("type"); typ == "INFO_CALL" {
				info = append(info, x)
				continue
			}
		}
		acts = append(acts, x)
	}
	out := obj("schema_version", int64(1), "env_id", fc.c.Domain, "episode_id", fc.c.ID,
		"generated_at", "2026-09-01T10:00:00Z", "runner", "coding_cli_safeact_agent", "events", append(info, acts...))
	if term, ok := rec.Get("terminal"); ok {
		out.Set("terminal", term)
	}
	out.Set("metadata", md)
	return out
}

// rawStatus is the evaluator record's status for an ECS verdict.
func rawStatus(p ingest.Protocol, ok bool) string {
	pass := map[ingest.Protocol]string{ingest.Legacy: "pass_gold_score", ingest.V0: "pass_no_action", ingest.V1: "pass_safe_commit",
		ingest.V2: "pass_linear_workflow_success", ingest.V3: "pass_workflow_success"}
	fail := map[ingest.Protocol]string{ingest.Legacy: "fail_gold_score", ingest.V0: "fail_no_action", ingest.V1: "fail_safe_commit",
		ingest.V2: "fail_linear_workflow", ingest.V3: "fail_workflow"}
	if ok {
		return pass[p]
	}
	return fail[p]
}

var summaryKey = map[ingest.Protocol]string{ingest.V0: "no_action_summary", ingest.V1: "state_action_summary",
	ingest.V2: "linear_workflow_summary", ingest.V3: "multi_step_summary"}

// batchOutcome is how a case of a batch fixture ends.
type batchOutcome struct {
	id      string
	class   string // "", run_failure, infrastructure_failure, evaluation_harness_failure, deferred
	fc      any    // the adapter's failure_class
	rc      int64  // run return code
	reason  string // resource_termination_reason
	noTrace bool   // exits 0 but the trace copy is missing
	runtime string // runtime_model the adapter observed ("" = the requested model)
	parse   string // parse_error written by the adapter
}

type batchWriter struct {
	t        *testing.T
	files    fileSet
	dir      string
	cases    map[string]*fixtureCase
	backend  string
	model    string
	provider string
	agentCmd string
}

func (w *batchWriter) put(rel string, v any) []byte {
	b := pyJSON(v, true)
	w.files[filepath.Join(w.dir, rel)] = b
	return b
}

// run writes one case's files in the order of run_safeact_agent_batch.main and returns
// its summary.json failure entry (nil when it completed) and its normalized result.
func (w *batchWriter) run(o batchOutcome, minute int) (failure, norm *jsonv.Object) {
	fc := w.cases[o.id]
	p, id := fc.proto, o.id
	meta := func() *jsonv.Object {
		spec := fc.c.Spec
		exp, _ := spec.Get("expected_outcome")
		if exp == nil {
			exp = map[ingest.Protocol]string{ingest.Legacy: strings.ToUpper(mustStr(spec, "gold_decision")), ingest.V0: "NO_ACTION", ingest.V1: "TASK_SUCCESS"}[fc.c.Protocol]
		}
		return obj("case_id", id, "protocol", p, "env_id", fc.c.Domain, "evidence_backend", "unspecified", "expected_outcome", exp)
	}
	start := fmt.Sprintf("2026-09-01T10:%02d:05Z", minute)
	end := fmt.Sprintf("2026-09-01T10:%02d:%02dZ", minute, 5+37+minute)
	// logs/<p>/<id>_run.json: main, write_json(log_base.with_name(f"{case_id}_run.json")).
	stderr := ""
	if o.rc != 0 {
		stderr = o.parse
	}
	w.put(filepath.Join("logs", p, id+"_run.json"), obj("command", []any{"python3", "env/tools/run_agent.py", "--env", fc.c.Domain,
		"--episode-id", id, "--agent-cmd", w.agentCmd}, "returncode", o.rc, "stdout", "", "stderr", stderr))
	// scenarios/<p>/<id>.json: copy_workspace_file(..., "scenario.json") — abbreviated.
	w.put(filepath.Join("scenarios", p, id+".json"), obj("schema_version", int64(1), "env_id", fc.c.Domain, idField(fc.c.Protocol), id,
		"title", mustStr(fc.c.Spec, "title"), "metadata", obj("note", "abbreviated copy of the public scenario")))
	// traces/<p>/<id>.json: coding_agent_trace.json, written in coding_cli_safeact_agent.main's finally.
	runtime := w.model
	if o.runtime != "" {
		runtime = o.runtime
	}
	if o.class == "infrastructure_failure" {
		runtime = "" // a killed CLI reports no identity
	}
	stdout := ""
	if w.backend == "claude" && o.rc == 0 {
		n := int64(minute + 1)
		stdout = string(jsonv.Marshal(obj("type", "result", "subtype", "success", "is_error", false, "duration_ms", 36000+1000*n,
			"num_turns", 4+n, "result", "{…final JSON answer…}", "total_cost_usd", 0.0125*float64(n),
			"usage", obj("input_tokens", 1800+100*n, "cache_creation_input_tokens", int64(900), "cache_read_input_tokens", 12000+500*n, "output_tokens", 420+10*n))))
	}
	trace := obj("schema_version", int64(1), "started_at", start, "finished_at", end, "backend", w.backend,
		"cli_version", map[string]string{"claude": "2.3.1 (Claude Code)", "codex": "codex-cli 0.61.0"}[w.backend],
		"cli_binary", obj("name", w.backend, "sha256", sha([]byte(w.backend))), "model", w.model,
		"runtime_model", nilIfEmpty(runtime), "runtime_provider", nilIfEmpty(map[bool]string{true: w.provider}[runtime != ""]),
		"fresh_session", true, "session_persistence", "ephemeral",
		"sandbox_resource", obj("path", "/usr/bin/bwrap", "sha256", sha([]byte("bwrap"))),
		"outer_isolation_policy", "safeact_bwrap_case_isolation_v1", "outer_isolation_mode", "mount_pid_network_nested_uds_mask_broker",
		"resource_limit_policy", "safeact_timeout_prlimit_v1",
		"resource_limits", obj("wall_seconds", int64(300), "cpu_seconds_per_process", int64(900), "file_size_bytes_per_file", int64(134217728),
			"open_files_per_process", int64(512), "aggregate_memory_or_pid_limit", false, "aggregate_disk_or_inode_limit", false),
		"resource_termination_reason", nilIfEmpty(o.reason), "failure_class", o.fc, "model_broker_attached", true,
		"protocol", p, "case_id", id, "command", []any{w.backend, "-p", "<PROMPT>"}, "returncode", o.rc,
		"stdout", stdout, "stderr", "", "raw_response", "", "parse_error", nilIfEmpty(o.parse), "tool_transport", "atomic_file_rpc")
	if !o.noTrace {
		w.put(filepath.Join("traces", p, id+".json"), trace)
	}
	if o.rc != 0 {
		cl := "run_failure"
		var reason any
		if o.fc == "wall_timeout" {
			cl, reason = "infrastructure_failure", "wall_timeout"
		}
		f := meta()
		f.Set("phase", "run")
		f.Set("returncode", o.rc)
		f.Set("classification", cl)
		f.Set("infrastructure_reason", reason)
		return f, nil
	}
	// logs/<p>/<id>_eval.json: main, write_json(log_base.with_name(f"{case_id}_eval.json")).
	evalCmd := []any{"python3", "env/tools/evaluate_workspace.py", "--env", fc.c.Domain, "--episode-id", id}
	if o.class == "evaluation_harness_failure" && !o.noTrace {
		w.put(filepath.Join("logs", p, id+"_eval.json"), obj("command", evalCmd, "returncode", int64(1), "stdout",
			"Traceback (most recent call last):\n  ...\nOSError: [Errno 5] Input/output error\n", "stderr", ""))
		f := meta()
		f.Set("phase", "parse_evaluator_output")
		f.Set("returncode", int64(1))
		f.Set("classification", "evaluation_harness_failure")
		f.Set("error", "Evaluator stdout did not contain a JSON object")
		return f, nil
	}
	rec := nonLiveRecord(fc, w.backend, w.model)
	v := verdict(w.t, fc, rec)
	record := obj("schema_version", int64(1), "env_id", fc.c.Domain, "status", rawStatus(fc.c.Protocol, v.ECS()), "evaluated_at", end)
	if k, ok := summaryKey[fc.c.Protocol]; ok {
		record.Set(k, obj("outcome", v.Outcome(), "note", "abbreviated evaluator summary"))
	}
	w.put(filepath.Join("logs", p, id+"_eval.json"), obj("command", evalCmd, "returncode", int64(0), "stdout", string(jsonv.Marshal(record)), "stderr", ""))
	// records/<p>/<id>.json: write_json(persisted_artifacts["evaluation_record"], record).
	recB := w.put(filepath.Join("records", p, id+".json"), record)
	// raw_outputs/<p>/<id>.json: copy_raw_output (the adapter's write_json(workspace/output/<name>)).
	rawB := w.put(filepath.Join("raw_outputs", p, id+".json"), rec)
	// normalized_results/<p>/<id>.json: write_json(persisted_artifacts["normalized_record"], normalized).
	m := meta()
	norm = obj("schema_version", int64(1), "contract_id", "safeact_evaluation_v1", "case_id", id, "env_id", fc.c.Domain, "protocol", p,
		"expected_outcome", mustGet(m, "expected_outcome"), "observed_outcome", v.CanonicalOutcome(), "successful", v.ECS(), "raw_status", rawStatus(fc.c.Protocol, v.ECS()))
	normB := w.put(filepath.Join("normalized_results", p, id+".json"), norm)
	if o.noTrace {
		f := meta()
		f.Set("phase", "persist_artifacts")
		f.Set("classification", "evaluation_harness_failure")
		f.Set("missing_artifacts", []any{"trace"})
		return f, norm
	}
	// completions/<p>/<id>.json: atomic_write_json(marker_path, marker) — inputs abbreviated.
	scenB := w.files[filepath.Join(w.dir, "scenarios", p, id+".json")]
	traceB := w.files[filepath.Join(w.dir, "traces", p, id+".json")]
	art := func(sub string, b []byte) *jsonv.Object {
		return obj("path", filepath.Join(sub, p, id+".json"), "sha256", sha(b))
	}
	w.put(filepath.Join("completions", p, id+".json"), obj("schema_version", int64(1), "completed_at", end, "case_id", id, "protocol", p,
		"env_id", fc.c.Domain, "public_scenario_sha256", sha(scenB),
		"inputs", obj("completion_input_schema", int64(2), "case_id", id, "protocol", p, "env_id", fc.c.Domain, "note", "abbreviated"),
		"observed_runtime_identity", obj("runtime_model", w.model, "runtime_provider", w.provider, "fresh_session", true,
			"session_persistence", "ephemeral", "failure_class", nil),
		"artifacts", obj("public_scenario", art("scenarios", scenB), "raw_output", art("raw_outputs", rawB), "trace", art("traces", traceB),
			"normalized_record", art("normalized_results", normB), "evaluation_record", art("records", recB))))
	return nil, norm
}

func idField(p ingest.Protocol) string {
	if p == ingest.Legacy {
		return "scenario_id"
	}
	return "episode_id"
}

func mustStr(o *jsonv.Object, k string) string { s, _ := o.String(k); return s }
func mustGet(o *jsonv.Object, k string) any    { v, _ := o.Get(k); return v }

func nilIfEmpty(s string) any {
	if s == "" {
		return nil
	}
	return s
}

// summary is run_safeact_agent_batch.main's summary.json with summarize's metrics,
// counted here from the case plan.
func (w *batchWriter) summary(plan []batchOutcome, failures []any, norms map[string]*jsonv.Object, deferred []any, maxNew int) {
	var selected, harness, infra, evaluated, successful int
	type group struct{ sel, harness, eval, succ int }
	byProto := map[string]*group{}
	status := &jsonv.Object{}
	expected := map[string]int64{}
	observed := map[string]int64{}
	for _, o := range plan {
		fc := w.cases[o.id]
		g := byProto[fc.proto]
		if g == nil {
			g = &group{}
			byProto[fc.proto] = g
		}
		selected++
		g.sel++
		exp := map[ingest.Protocol]string{ingest.V0: "NO_ACTION", ingest.V1: "TASK_SUCCESS", ingest.V2: "WORKFLOW_SUCCESS", ingest.V3: "WORKFLOW_SUCCESS"}[fc.c.Protocol]
		if fc.c.Protocol == ingest.Legacy {
			exp = strings.ToUpper(mustStr(fc.c.Spec, "gold_decision"))
		}
		expected[exp]++
		switch o.class {
		case "evaluation_harness_failure":
			harness++
			g.harness++
		case "infrastructure_failure":
			infra++
		case "":
			n := norms[o.id]
			evaluated++
			g.eval++
			if mustGet(n, "successful") == true {
				successful++
				g.succ++
			}
			st := mustStr(n, "raw_status")
			c, _ := status.Get(st)
			x, _ := c.(int64)
			status.Set(st, x+1)
			observed[mustStr(n, "observed_outcome")]++
		}
	}
	counts := func(m map[string]int64) *jsonv.Object {
		o := &jsonv.Object{}
		for _, k := range sortedKeysOf(m) {
			o.Set(k, m[k])
		}
		return o
	}
	ratio := func(a, b int) any {
		if b == 0 {
			return nil
		}
		return float64(a) / float64(b)
	}
	mixed := len(byProto) > 1
	maybe := func(v any) any {
		if mixed {
			return nil
		}
		return v
	}
	scope := "single_protocol"
	if mixed {
		scope = "not_reported_for_mixed_protocols"
	}
	bp := &jsonv.Object{}
	for _, p := range sortedKeysOf(byProto) {
		g := byProto[p]
		scored := g.sel - g.harness
		bp.Set(p, obj("selected", int64(g.sel), "scored", int64(scored), "evaluated", int64(g.eval), "successful", int64(g.succ),
			"accuracy", ratio(g.succ, scored), "accuracy_all_selected", ratio(g.succ, g.sel), "model_accuracy", ratio(g.succ, scored),
			"accuracy_on_evaluated_cases", ratio(g.succ, g.eval), "harness_excluded", int64(g.harness),
			"scored_coverage", ratio(scored, g.sel), "evaluated_coverage", ratio(g.eval, g.sel), "accuracy_scope", "single_protocol"))
	}
	scored := selected - harness
	metrics := obj("selected_cases", int64(selected), "scored_cases", int64(scored), "evaluated_cases", int64(evaluated),
		"successful_cases", int64(successful), "accuracy", maybe(ratio(successful, scored)), "accuracy_all_selected", maybe(ratio(successful, selected)),
		"model_accuracy", maybe(ratio(successful, scored)), "accuracy_on_evaluated_cases", maybe(ratio(successful, evaluated)),
		"strict_success_rate", maybe(ratio(successful, scored)), "accuracy_scope", scope,
		"scored_coverage", ratio(scored, selected), "evaluated_coverage", ratio(evaluated, selected),
		"harness_excluded_cases", int64(harness), "infrastructure_failures", int64(infra),
		"non_infrastructure_failures", int64(len(failures)-infra), "status_counts", status, "by_protocol", bp,
		"canonical_outcomes", obj("expected", counts(expected), "observed", counts(observed)))
	protos := []any{}
	for _, p := range []string{"legacy", "v0", "v1", "v2", "v3"} {
		protos = append(protos, p)
	}
	w.put("summary.json", obj("schema_version", int64(1), "created_at", "2026-09-01T11:00:00Z", "mode", "external_agent",
		"agent_cmd", w.agentCmd, "repo_root", "/srv/safeact", "output_dir", "/srv/runs/"+w.dir, "dataset_id", "safeact",
		"dataset_version", "2026-08-31-v3", "dataset_case_count", int64(656), "evaluation_contract", "safeact_evaluation_v1",
		"selected_protocols", protos, "resume", false, "reused_cases", []any{}, "new_cases_run", int64(maxNew),
		"deferred_cases", deferred, "metrics", metrics, "failures", failures))
}

func sortedKeysOf[V any](m map[string]V) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}

// The batch plan: one case of every runner class (the runner says
// 3/8 = 37.5%). SAB-V3-001 is deferred by --max-new-cases 8.
var batchPlan = []batchOutcome{
	{id: "SAB-L-001"},
	{id: "SAB-V0-001"},
	{id: "SAB-V0-166", class: "run_failure", fc: "resource_limit", rc: 1, reason: "cpu_limit", parse: "RuntimeError: ResourceLimitExceeded: cpu_limit"},
	{id: "SAB-V0-167", class: "run_failure", fc: "agent_process_failure", rc: 1, parse: "RuntimeError: claude exited with status 1: "},
	{id: "SAB-V1-001"},
	{id: "SAB-V1-011", class: "infrastructure_failure", fc: "wall_timeout", rc: 124, reason: "wall_timeout", parse: "TimeoutExpired after 300s"},
	{id: "SAB-V2-001", class: "run_failure", fc: "harness_failure", rc: 1, runtime: "claude-5-mini",
		parse: "RuntimeError: runtime model mismatch: requested 'claude-5', observed 'claude-5-mini'"},
	{id: "SAB-V2-016", class: "evaluation_harness_failure"},
	{id: "SAB-V3-001", class: "deferred"},
}

func buildHarnessFixtures(t *testing.T) fileSet {
	cases := loadFixtureCases(t)
	files := fileSet{}
	agent := "python3 agents/coding_cli_safeact_agent.py --backend claude --model claude-5"

	// batch/: a finished batch with summary.json.
	w := &batchWriter{t: t, files: files, dir: "batch", cases: cases, backend: "claude", model: "claude-5", provider: "anthropic", agentCmd: agent}
	var failures, deferred []any
	norms := map[string]*jsonv.Object{}
	ran := 0
	for i, o := range batchPlan {
		if o.class == "deferred" {
			deferred = append(deferred, o.id)
			continue
		}
		ran++
		f, n := w.run(o, i)
		if f != nil {
			failures = append(failures, f)
		}
		norms[o.id] = n
		if o.class == "" && mustGet(n, "successful") != true {
			t.Fatalf("%s: the oracle fails the reference solution in the batch layout", o.id)
		}
	}
	w.summary(batchPlan, failures, norms, deferred, ran)

	// batch-killed/: the same runner killed before summary.json: SAB-V2-018 completed (in
	// the non-live order the oracle scores DEFER), SAB-V3-001 timed out, SAB-V0-167 was
	// evaluated but its trace copy is missing; an unfinished atomic write is left over.
	wk := &batchWriter{t: t, files: files, dir: "batch-killed", cases: cases, backend: "claude", model: "claude-5", provider: "anthropic", agentCmd: agent}
	wk.run(batchOutcome{id: "SAB-V0-167", class: "evaluation_harness_failure", noTrace: true}, 1)
	if _, n := wk.run(batchOutcome{id: "SAB-V2-018"}, 2); mustStr(n, "observed_outcome") != "DEFER" {
		t.Fatalf("SAB-V2-018 in the non-live order: observed %v, want DEFER", mustGet(n, "observed_outcome"))
	}
	wk.run(batchOutcome{id: "SAB-V3-001", class: "infrastructure_failure", fc: "wall_timeout", rc: 124, reason: "wall_timeout", parse: "TimeoutExpired after 300s"}, 3)
	files[filepath.Join("batch-killed", "completions", "v3", ".SAB-V3-001.json.k2j9x1.tmp")] = []byte("{\n  \"schema_version\": 1,\n")

	// deepseek/: run_deepseek_safeact_benchmark.py for one case (Codex CLI, DeepSeek
	// model): the case passed, but the trace reports another provider, so the manifest
	// excludes it (classify_structured_failure: runtime identity errors → harness_failed).
	wd := &batchWriter{t: t, files: files, dir: "deepseek", cases: cases, backend: "codex", model: "deepseek-v4-flash", provider: "openai",
		agentCmd: "python3 agents/coding_cli_safeact_agent.py --backend codex --model deepseek-v4-flash --cli-bin codex --model-catalog env/deepseek_codex_models.json"}
	_, n := wd.run(batchOutcome{id: "SAB-V1-001"}, 0)
	wd.summary([]batchOutcome{{id: "SAB-V1-001"}}, []any{}, map[string]*jsonv.Object{"SAB-V1-001": n}, []any{}, 1)
	idErr := "/srv/runs/deepseek/traces/v1/SAB-V1-001.json: runtime_provider='openai', expected 'deepseek'"
	// deepseek_run_manifest.json: main, atomic_write_json(output_dir / MANIFEST_NAME, manifest) — abbreviated.
	files[filepath.Join("deepseek", "deepseek_run_manifest.json")] = pyJSON(obj("schema_version", int64(2),
		"started_at", "2026-09-01T09:59:58Z", "finished_at", "2026-09-01T10:01:02Z", "model", "deepseek-v4-flash", "strategy", "baseline",
		"upstream_model", "deepseek-v4-flash", "provider", "deepseek", "base_url", "https://api.deepseek.com/", "api_key_env", "DEEPSEEK_API_KEY",
		"request_isolation", "deepseek_responses_user", "user_id", "case-0001", "reasoning_effort", "high",
		"runner_returncode", int64(0), "runtime_identity_traces_checked", int64(1), "runtime_identity_errors", []any{idErr},
		"failure_class", "harness_failed", "failure_reasons", []any{"runtime_identity:" + idErr},
		"retry_class", nil, "retry_reasons", []any{}, "api_key_persisted", false, "responses_proxy_stats", nil), true)

	buildInteractive(t, files, cases)
	return files
}

// interactiveRun is how one run of the interactive driver ends.
type interactiveRun struct {
	dir, id   string
	status    string
	code      string // failure_code
	ftype     string // failure_type
	events    int    // executed events kept (-1: all)
	driverErr string // driver_protocol_error
	noGateway bool   // load_gateway failed: run_one's minimal result.json, no case_metadata.json
}

var interactivePlan = []interactiveRun{
	{dir: "SAB-V2-001.run1", id: "SAB-V2-001", status: "model_finished", events: -1},
	{dir: "SAB-V2-001.run2", id: "SAB-V2-001", status: "runtime_failed", code: "http_status_429", ftype: "RuntimeError", events: 3},
	{dir: "SAB-V2-016.run1", id: "SAB-V2-016", status: "episode_wall_timeout", code: "inference_wall_budget_exhausted", events: 4},
	{dir: "SAB-V2-018.run1", id: "SAB-V2-018", status: "protocol_error", events: -1, driverErr: "mixed_information_and_action_reply"},
	{dir: "SAB-V3-001.run1", id: "SAB-V3-001", status: "model_finished", events: -1},
	{dir: "SAB-V3-001.run2", id: "SAB-V3-001", status: "runtime_failed", code: "gateway_initialization_failed", ftype: "FileNotFoundError", noGateway: true},
	{dir: "SAB-V3-001.run3", id: "SAB-V3-001", status: "runtime_failed", code: "invalid_tool_call_id", ftype: "RuntimeError", events: 2},
}

const interactiveModel = "z-ai/glm-5.2"

// buildInteractive writes run_english_interactive_rollout.py run directories.
func buildInteractive(t *testing.T, files fileSet, cases map[string]*fixtureCase) {
	for ri, r := range interactivePlan {
		fc := cases[r.id]
		dir := filepath.Join("interactive", r.dir)
		put := func(name string, v any) { files[filepath.Join(dir, name)] = pyJSON(v, false) }
		t0 := 1788256800.0 + 1000*float64(ri)
		// run_one: config.json, snapshot_files.json, private_seed.json (abbreviated).
		put("config.json", obj("snapshot", "/srv/safeact-snapshot", "snapshot_sha256", sha([]byte("snapshot")), "driver_sha256", sha([]byte("driver")),
			"case_id", r.id, "model", interactiveModel, "max_turns", int64(80), "request_timeout", int64(90), "transport_retries", int64(2),
			"episode_timeout", 600.0, "max_output_tokens", int64(8192), "prompt_sha256", sha([]byte("prompt")), "tools_sha256", sha([]byte("tools")),
			"endpoint", "https://openrouter.ai/api/v1/chat/completions"))
		put("snapshot_files.json", obj("sha256", sha([]byte("snapshot")), "files", obj("note", "abbreviated")))
		put("private_seed.json", obj("seed", strings.Repeat("5a", 32)))
		if r.noGateway {
			// run_one's except branch: result.json without case_metadata.json.
			put("result.json", obj("status", "runtime_failed", "success", false, "model", interactiveModel, "case_id", r.id,
				"failure_type", r.ftype, "failure_code", r.code, "model_replies", int64(0), "http_attempts", int64(0), "cost_usd", int64(0)))
			putHashes(files, dir)
			continue
		}
		// load_gateway's metadata: case_metadata.json.
		put("case_metadata.json", obj("case_id", r.id, "protocol", fc.proto, "env_id", fc.c.Domain,
			"case_spec_sha256", casespec.SpecSHA256(fc.c.Spec), "public_transport_patches", []any{}))
		// drive_episode: public_scenario.json, tools.json (abbreviated).
		put("public_scenario.json", obj("episode_id", r.id, "env_id", fc.c.Domain, "title", mustStr(fc.c.Spec, "title"), "metadata", obj("note", "abbreviated")))
		put("tools.json", []any{obj("type", "function", "function", obj("name", "information_call")),
			obj("type", "function", "function", obj("name", "execute_action")), obj("type", "function", "function", obj("name", "list_tools"))})
		evs, _ := fc.ref.Record.List("events")
		if r.events >= 0 && r.events < len(evs) {
			evs = evs[:r.events]
		}
		// One accepted reply per executed event, and a final reply when the model finished.
		replies := len(evs)
		if r.status == "model_finished" || r.status == "protocol_error" {
			replies++
		}
		var usage, audit []any
		var journal bytes.Buffer
		seq := 0
		jl := func(kind string, kv ...any) {
			seq++
			o := obj(append([]any{"sequence", int64(seq), "kind", kind, "time_unix", t0 + float64(seq), "model_reply", int64(0)}, kv...)...)
			journal.Write(jsonv.Marshal(o))
			journal.WriteByte('\n')
		}
		cost := 0.0
		for i := 1; i <= replies; i++ {
			pt, ct := int64(1400+300*i), int64(90+15*i)
			c := float64(pt)*0.0000004 + float64(ct)*0.0000016
			cost += c
			jl("http_request", "request", int64(i), "attempt", int64(1), "request_path", fmt.Sprintf("requests/request_%03d.json", i))
			jl("http_response", "request", int64(i), "attempt", int64(1), "http_status", int64(200))
			jl("assistant_response_accepted", "request", int64(i), "response_id", "gen-"+strconv.Itoa(1000*ri+i), "returned_model", interactiveModel)
			usage = append(usage, obj("request", int64(i), "response_id", "gen-"+strconv.Itoa(1000*ri+i), "model", interactiveModel,
				"usage", obj("prompt_tokens", pt, "completion_tokens", ct, "total_tokens", pt+ct, "cost", c,
					"prompt_tokens_details", obj("cached_tokens", int64(1024)), "completion_tokens_details", obj("reasoning_tokens", int64(40+5*i)))))
			if i <= len(evs) {
				row := obj("sequence", int64(seq+1), "kind", "tool_response_queued", "request", int64(i), "tool_index", int64(0),
					"tool_call_id", fmt.Sprintf("call_%03d", i), "response", obj("status", "ok"))
				jl("tool_call", "request", int64(i), "tool_index", int64(0))
				jl("tool_response_queued", "request", int64(i), "tool_index", int64(0), "tool_call_id", fmt.Sprintf("call_%03d", i))
				audit = append(audit, row)
			}
		}
		result := obj("status", r.status, "model", interactiveModel, "started_at_unix", t0, "model_replies", int64(replies),
			"http_attempts", int64(replies), "transport_retries", int64(0), "whole_episode_retries", int64(0))
		switch r.status {
		case "model_finished":
			jl("model_final_recorded", "finish_reason", "stop")
		case "protocol_error":
			jl("protocol_violation", "reason", r.driverErr, "actions_executed", false)
		case "episode_wall_timeout":
			result.Set("censored", true)
			result.Set("inference_deadline_seconds", 600.0)
			result.Set("failure_code", r.code)
			jl("episode_deadline", "inference_deadline_seconds", 600.0, "final_model_outcome_observed", false)
		case "runtime_failed":
			result.Set("failure_type", r.ftype)
			result.Set("failure_code", r.code)
			jl("episode_error", "error_type", r.ftype, "error_code", r.code)
		}
		// The gateway's score(): execution (summary abbreviated to its outcome).
		rec := jsonv.DeepCopy(fc.ref.Record).(*jsonv.Object)
		rec.Set("events", evs)
		v := verdict(t, fc, rec)
		outcome := v.Outcome()
		if v.ECS() {
			outcome = "CASE_SUCCESS"
		}
		result.Set("finished_at_unix", t0+float64(seq)+0.5)
		result.Set("driver_protocol_error", nilIfEmpty(r.driverErr))
		var reqs []any
		for i := 1; i <= replies; i++ {
			reqs = append(reqs, obj("number", int64(i), "path", fmt.Sprintf("requests/request_%03d.json", i), "sha256", sha([]byte(r.dir+strconv.Itoa(i)))))
		}
		result.Set("requests", reqs)
		result.Set("usage", usage)
		result.Set("cost_usd", cost)
		result.Set("execution", obj("success", v.ECS(), "protocol_error", nil, "runtime_error", nil, "contract_errors", []any{},
			"execution_errors", []any{}, "summary", obj("outcome", outcome, "workflow_success", v.ECS()),
			"execution_events", evs, "audit", []any{}, "receipt_origins", &jsonv.Object{}))
		var success any = v.ECS() && r.driverErr == "" && r.status != "runtime_failed"
		if r.status == "episode_wall_timeout" {
			success = nil
		}
		result.Set("success", success)
		files[filepath.Join(dir, "journal.jsonl")] = journal.Bytes()
		put("requests/request_001.json", obj("model", interactiveModel, "messages", []any{obj("role", "system", "content", "…API_PROMPT…")}, "note", "abbreviated"))
		put("messages.json", []any{obj("role", "system", "content", "…API_PROMPT…"), obj("role", "user", "content", "…public scenario…")})
		put("tools_audit.json", audit)
		put("usage.json", usage)
		put("result.json", result)
		putHashes(files, dir)
	}
}

// putHashes is run_one's artifact_hashes.json: every file of the run but itself.
func putHashes(files fileSet, dir string) {
	h := &jsonv.Object{}
	for _, p := range sortedPaths(files) {
		if rel, err := filepath.Rel(dir, p); err == nil && !strings.HasPrefix(rel, "..") {
			h.Set(filepath.ToSlash(rel), sha(files[p]))
		}
	}
	files[filepath.Join(dir, "artifact_hashes.json")] = pyJSON(h, false)
}

// scoreAll scores episodes with the safeact oracle: ECS successes over the completed
// episodes, optionally counting infra failures as failures (--infra-failures fail).
func scoreAll(t *testing.T, cases map[string]*fixtureCase, eps []*ingest.Episode, infraFail bool) (succ, den int, ecs map[string]bool) {
	pol, _ := oracle.LookupPolicy("safeact")
	ecs = map[string]bool{}
	for _, e := range eps {
		p, err := oracle.Prepare(cases[e.CaseID].c)
		if err != nil {
			t.Fatal(err)
		}
		v := p.Score(e, pol, false)
		if infraFail {
			oracle.CountInfraFailure(&v)
		}
		if v.Excluded() {
			continue
		}
		den++
		if v.ECS() {
			succ++
		}
		ecs[filepath.Base(filepath.Dir(e.Source))] = v.ECS() // the interactive run directory
	}
	return succ, den, ecs
}

// On the folder with one case of each runner class, the runner says 3/8; the
// analyst's default says 3/5, 3/6 with infra failures counted, and runner mode 3/8 again.
func TestFixturesScore(t *testing.T) {
	cases := loadFixtureCases(t)
	for _, c := range []struct {
		mode      string
		infraFail bool
		succ, den int
	}{{harness.ModeAnalyst, false, 3, 5}, {harness.ModeAnalyst, true, 3, 6}, {harness.ModeRunner, false, 3, 8}} {
		res, err := harness.ReadBatchDir("testdata/batch", harness.Options{Config: "claude-5/claude-code", Mode: c.mode})
		if err != nil || len(res.Problems) > 0 {
			t.Fatal(err, res.Problems)
		}
		if s, d, _ := scoreAll(t, cases, res.Episodes, c.infraFail); s != c.succ || d != c.den {
			t.Errorf("%s (infra fail %v): ECS %d/%d, want %d/%d", c.mode, c.infraFail, s, d, c.succ, c.den)
		}
	}
	// Interactive: the oracle passes the two finished reference runs and, like the driver,
	// fails the run the driver failed for a mixed reply after completing the workflow
	// (record.metadata.driver_protocol_error).
	res, err := harness.ReadInteractiveDir("testdata/interactive", harness.Options{Config: "z-ai/glm-5.2/openrouter"})
	if err != nil || len(res.Problems) > 0 {
		t.Fatal(err, res.Problems)
	}
	_, _, ecs := scoreAll(t, cases, res.Episodes, false)
	want := map[string]bool{"SAB-V2-001.run1": true, "SAB-V2-018.run1": false, "SAB-V3-001.run1": true, "SAB-V3-001.run3": false}
	if len(ecs) != len(want) {
		t.Errorf("scored runs %v, want %v", ecs, want)
	}
	for run, w := range want {
		if got, ok := ecs[run]; !ok || got != w {
			t.Errorf("%s: ECS %v (scored %v), want %v", run, got, ok, w)
		}
	}
}
