package harness

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/jsonv"
)

const batchFixture = "testdata/batch"

func readBatch(t *testing.T, dir string, opt Options) *Result {
	t.Helper()
	res, err := ReadBatchDir(dir, opt)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func byCase(eps []*ingest.Episode) map[string]*ingest.Episode {
	m := map[string]*ingest.Episode{}
	for _, e := range eps {
		m[e.CaseID] = e
	}
	return m
}

func hasWarning(res *Result, sub string) bool {
	for _, w := range res.Warnings {
		if strings.Contains(w, sub) {
			return true
		}
	}
	return false
}

func hasProblem(probs []ingest.Problem, sub string) bool {
	for _, p := range probs {
		if strings.Contains(p.String(), sub) {
			return true
		}
	}
	return false
}

// The batch fixture holds one case of every runner class (README beside it).
func TestBatchDir(t *testing.T) {
	res := readBatch(t, batchFixture, Options{Config: "claude-5/claude-code", Repeat: 2})
	if len(res.Problems) != 0 {
		t.Fatalf("problems %v", res.Problems)
	}
	want := map[string]struct {
		status string
		fc     any
		record bool
	}{
		"SAB-L-001":  {ingest.StatusCompleted, nil, true},
		"SAB-V0-001": {ingest.StatusCompleted, nil, true},
		"SAB-V0-166": {ingest.StatusCompleted, "resource_limit", true}, // an empty record: the agent left no output
		"SAB-V0-167": {ingest.StatusCompleted, "agent_process_failure", true},
		"SAB-V1-001": {ingest.StatusCompleted, nil, true},
		"SAB-V1-011": {ingest.StatusInfraFailure, "wall_timeout", false},
		"SAB-V2-001": {ingest.StatusHarnessFailure, "harness_failure", false},
		"SAB-V2-016": {ingest.StatusHarnessFailure, nil, false},
	}
	got := byCase(res.Episodes)
	if len(got) != len(want) {
		t.Fatalf("%d episodes, want %d (the deferred SAB-V3-001 is not one in analyst mode)", len(got), len(want))
	}
	for id, w := range want {
		e := got[id]
		if e == nil {
			t.Errorf("%s: no episode", id)
			continue
		}
		if e.Status != w.status || e.FailureClass != w.fc || (e.Record != nil) != w.record {
			t.Errorf("%s: status %s, failure_class %v, record %v; want %s, %v, %v", id, e.Status, e.FailureClass, e.Record != nil, w.status, w.fc, w.record)
		}
		if e.Repeat != 2 || e.Condition != "main" || e.Model != "claude-5" || e.Harness != "claude-code" {
			t.Errorf("%s: identity %+v", id, e.Key())
		}
	}
	if ok, _ := got["SAB-V1-001"].Official.Get("successful"); ok != true {
		t.Errorf("V1-001 official = %v", got["SAB-V1-001"].Official)
	}
	if !hasWarning(res, "1 deferred case (summary.json deferred_cases) is not an episode in analyst mode; the runner counts it as unsuccessful (--status-mode runner makes it an episode)") {
		t.Errorf("deferred case not said: %v", res.Warnings)
	}
	// The runtime model the adapter observed differs from the configured one.
	if !hasWarning(res, `runtime_model "claude-5-mini"`) {
		t.Errorf("model mismatch not warned: %v", res.Warnings)
	}
	golden(t, "batch.golden.jsonl", jsonlBytes(res.Episodes))
}

// The runner's own numbers, recomputed from the per-case files, are summary.json's;
// runner mode keeps exactly the runner's denominator.
func TestBatchRunnerMetrics(t *testing.T) {
	want := RunnerMetrics{Selected: 9, Scored: 8, Evaluated: 3, Successful: 3, HarnessExcluded: 1, InfrastructureFailures: 1, NonInfrastructureFailures: 4}
	for _, mode := range []string{ModeAnalyst, ModeRunner} {
		res := readBatch(t, batchFixture, Options{Config: "claude-5/claude-code", Mode: mode})
		if res.Runner == nil || *res.Runner != want || res.Summary == nil || *res.Summary != want {
			t.Fatalf("%s: runner %v, summary %v; want %v", mode, res.Runner, res.Summary, want)
		}
		if a, _ := res.Runner.Accuracy(); a != 0.375 {
			t.Errorf("accuracy %v, want 3/8", a)
		}
	}
	res := readBatch(t, batchFixture, Options{Config: "claude-5/claude-code", Mode: ModeRunner})
	counted, passed := 0, 0
	for _, e := range res.Episodes {
		if e.Status != ingest.StatusCompleted {
			if e.CaseID != "SAB-V2-016" || e.Status != ingest.StatusHarnessFailure {
				t.Errorf("%s: %s in runner mode; only the evaluation harness failure is excluded", e.CaseID, e.Status)
			}
			continue
		}
		counted++
		if s, _ := e.Official.Get("successful"); s == true {
			passed++
		}
	}
	if len(res.Episodes) != 9 || counted != 8 || passed != 3 {
		t.Errorf("runner mode: %d episodes, %d counted, %d passed; want 9, 8, 3", len(res.Episodes), counted, passed)
	}
	d := byCase(res.Episodes)["SAB-V3-001"]
	if d == nil || d.Record == nil || d.Record.Len() != 0 || d.Source != filepath.Join(batchFixture, "summary.json") {
		t.Fatalf("deferred case in runner mode: %+v", d)
	}
	if v, _ := d.Extra.Get("batch_deferred"); v != true {
		t.Errorf("deferred episode extra %v", d.Extra)
	}
	golden(t, "batch.runner.golden.jsonl", jsonlBytes(res.Episodes))
}

// A batch killed before summary.json is read from its per-case files.
func TestBatchWithoutSummary(t *testing.T) {
	res := readBatch(t, "testdata/batch-killed", Options{Config: "claude-5/claude-code"})
	if len(res.Problems) != 0 {
		t.Fatalf("problems %v", res.Problems)
	}
	if !hasWarning(res, "summary.json: missing") || !hasWarning(res, "1 hidden entries") {
		t.Errorf("warnings %v", res.Warnings)
	}
	got := byCase(res.Episodes)
	for id, w := range map[string]string{"SAB-V0-167": ingest.StatusHarnessFailure, "SAB-V2-018": ingest.StatusCompleted, "SAB-V3-001": ingest.StatusInfraFailure} {
		if got[id] == nil || got[id].Status != w {
			t.Errorf("%s: %+v, want status %s", id, got[id], w)
		}
	}
	if got["SAB-V3-001"].FailureClass != "wall_timeout" || got["SAB-V3-001"].Source != filepath.Join("testdata/batch-killed/traces/v3/SAB-V3-001.json") {
		t.Errorf("timed-out case: %v from %s", got["SAB-V3-001"].FailureClass, got["SAB-V3-001"].Source)
	}
	if c, _ := got["SAB-V0-167"].Extra.Get("runner_class"); c != batchHarnessFailure {
		t.Errorf("V0-167 runner class %v (evaluated, trace copy missing)", c)
	}
	// Evaluated: SAB-V2-018 and SAB-V0-167, whose record was persisted before its missing
	// trace copy made it a harness failure.
	want := RunnerMetrics{Selected: 3, Scored: 2, Evaluated: 2, Successful: 0, HarnessExcluded: 1, InfrastructureFailures: 1, NonInfrastructureFailures: 1}
	if res.Summary != nil || *res.Runner != want {
		t.Errorf("runner metrics %v, want %v", res.Runner, want)
	}
	// The non-live adapter's order is said for explain.
	if NonLiveAdapterNote(got["SAB-V2-018"].Record.Object()) == "" {
		t.Error("no non-live note for SAB-V2-018's batch record")
	}
	if o, _ := got["SAB-V2-018"].Official.Get("observed_outcome"); o != "DEFER" {
		t.Errorf("V2-018 official observed %v, want DEFER", o)
	}
}

// Wall time from the trace, Claude Code's token and cost counts from its JSON stdout.
func TestBatchUsage(t *testing.T) {
	res := readBatch(t, batchFixture, Options{Config: "claude-5/claude-code"})
	got := byCase(res.Episodes)
	u := got["SAB-L-001"].Usage.Object()
	want := jsonv.NewObject("wall_seconds", 37.0, "input_tokens", int64(1900), "output_tokens", int64(430),
		"cache_read_input_tokens", int64(12500), "cache_creation_input_tokens", int64(900), "cost_usd", 0.0125)
	if !jsonv.Equal(u, want) {
		t.Errorf("L-001 usage %s, want %s", jsonv.Marshal(u), jsonv.Marshal(want))
	}
	if w, _ := got["SAB-V1-011"].Usage.Get("wall_seconds"); w != 42.0 {
		t.Errorf("timed-out case wall_seconds %v, want 42 (started_at/finished_at)", w)
	}
	if got["SAB-V1-011"].Usage.Object().Has("input_tokens") {
		t.Error("a timed-out CLI printed no usage, yet tokens were read")
	}
}

// A DeepSeek manifest's harness_failed excludes the case it ran.
func TestDeepSeekManifest(t *testing.T) {
	for _, mode := range []string{ModeAnalyst, ModeRunner} {
		res := readBatch(t, "testdata/deepseek", Options{Config: "deepseek/deepseek-v4-flash/codex", Mode: mode})
		if len(res.Problems) != 0 || len(res.Episodes) != 1 {
			t.Fatalf("%v %v", res.Problems, res.Episodes)
		}
		e := res.Episodes[0]
		if e.Status != ingest.StatusHarnessFailure || e.Record == nil {
			t.Errorf("%s: status %s, record %v; want harness_failure with the record kept", mode, e.Status, e.Record != nil)
		}
		m, _ := e.Extra.Obj("deepseek_manifest")
		if fc, _ := m.String("failure_class"); fc != "harness_failed" {
			t.Errorf("manifest not carried: %v", e.Extra)
		}
		if !hasWarning(res, "1 runtime identity error(s)") {
			t.Errorf("warnings %v", res.Warnings)
		}
		if hasWarning(res, "--config/--model says") {
			t.Errorf("deepseek-v4-flash matches deepseek/deepseek-v4-flash, yet warned: %v", res.Warnings)
		}
	}
}

// copyTree copies a fixture into a temporary directory to damage it.
func copyTree(t *testing.T, src string) string {
	t.Helper()
	dst := t.TempDir()
	if err := os.CopyFS(dst, os.DirFS(src)); err != nil {
		t.Fatal(err)
	}
	return dst
}

// A completed case missing its raw output or trace, with no failure entry, is a
// problem, not an episode.
func TestBatchMissingArtifactIsProblem(t *testing.T) {
	for _, f := range []string{"raw_outputs/v1/SAB-V1-001.json", "traces/v1/SAB-V1-001.json"} {
		dir := copyTree(t, batchFixture)
		os.Remove(filepath.Join(dir, f))
		res := readBatch(t, dir, Options{Config: "a/b"})
		if !hasProblem(res.Problems, "summary.json has no failure entry for SAB-V1-001") {
			t.Errorf("%s removed: problems %v", f, res.Problems)
		}
		if e := byCase(res.Episodes)["SAB-V1-001"]; e != nil {
			t.Errorf("%s removed: still an episode (%s)", f, e.Status)
		}
	}
	// A failed run without its trace has lost its failure class.
	dir := copyTree(t, batchFixture)
	os.Remove(filepath.Join(dir, "traces/v0/SAB-V0-166.json"))
	if res := readBatch(t, dir, Options{Config: "a/b"}); !hasProblem(res.Problems, "failure_class (agent or harness) is unknown") {
		t.Errorf("run failure without a trace: %v", res.Problems)
	}
}

// A normalized result whose "successful" is not a boolean (a "true" written as a
// string) is a problem naming the file and field: copied as it was, the episode read as
// carrying no verdict, and the case counted as unsuccessful.
func TestBatchSuccessfulType(t *testing.T) {
	dir := copyTree(t, batchFixture)
	p := filepath.Join(dir, "normalized_results/legacy/SAB-L-001.json")
	b, _ := os.ReadFile(p)
	b = []byte(strings.Replace(string(b), `"successful": true`, `"successful": "true"`, 1))
	os.WriteFile(p, b, 0o644)
	res := readBatch(t, dir, Options{Config: "a/b"})
	if want := p + ": successful: must be a boolean or null, got a string"; len(res.Problems) != 1 || res.Problems[0].String() != want {
		t.Errorf("problems %v, want %q", res.Problems, want)
	}
}

// The runner writes deferred_cases and reused_cases as lists of ids.
func TestBatchSummaryShapes(t *testing.T) {
	dir := copyTree(t, batchFixture)
	p := filepath.Join(dir, "summary.json")
	b, _ := os.ReadFile(p)
	b = []byte(strings.Replace(string(b), "\"reused_cases\": []", "\"reused_cases\": 0", 1))
	os.WriteFile(p, b, 0o644)
	res := readBatch(t, dir, Options{Config: "a/b"})
	if !hasProblem(res.Problems, "reused_cases: must be a list of case ids") {
		t.Errorf("integer reused_cases accepted: %v", res.Problems)
	}
}

// Ids and protocols from harness files are checked before they become paths, and
// no folder or file is followed out of the root.
func TestBatchTraversal(t *testing.T) {
	outside := t.TempDir()
	os.MkdirAll(filepath.Join(outside, "v1"), 0o755)
	secret := `{"schema_version":1,"leak":"SECRET-OUTSIDE"}`
	os.WriteFile(filepath.Join(outside, "leak.json"), []byte(secret), 0o644)
	os.WriteFile(filepath.Join(outside, "v1", "SAB-V1-001.json"), []byte(secret), 0o644)

	for name, summary := range map[string]string{
		"case id":  `{"metrics":{},"failures":[{"case_id":"../../../` + filepath.Base(outside) + `/leak","protocol":"v1","classification":"run_failure"}]}`,
		"protocol": `{"metrics":{},"failures":[{"case_id":"SAB-V1-001","protocol":"../../x","classification":"run_failure"}]}`,
		"deferred": `{"metrics":{},"deferred_cases":["../leak"]}`,
	} {
		dir := t.TempDir()
		os.WriteFile(filepath.Join(dir, "summary.json"), []byte(summary), 0o644)
		res, err := ReadBatchDir(dir, Options{Config: "a/b"})
		if err == nil && len(res.Problems) == 0 {
			t.Errorf("%s: traversal accepted", name)
		}
		if err == nil && !hasProblem(res.Problems, "not a plain name") && !hasProblem(res.Problems, "must be one of legacy") {
			t.Errorf("%s: problems %v", name, res.Problems)
		}
	}

	dir := copyTree(t, batchFixture)
	os.RemoveAll(filepath.Join(dir, "raw_outputs", "v1"))
	if err := os.Symlink(filepath.Join(outside, "v1"), filepath.Join(dir, "raw_outputs", "v1")); err != nil {
		t.Skip("no symlinks:", err)
	}
	res := readBatch(t, dir, Options{Config: "a/b"})
	if !hasProblem(res.Problems, "leads out of") {
		t.Errorf("symlinked protocol folder followed: %v", res.Problems)
	}
	for _, e := range res.Episodes {
		if strings.Contains(string(jsonv.Marshal(e.Record.Object())), "SECRET-OUTSIDE") {
			t.Errorf("%s: content from outside the root", e.CaseID)
		}
	}

	// A link that stays inside the root is followed.
	dir = copyTree(t, batchFixture)
	rec := filepath.Join(dir, "raw_outputs", "v1", "SAB-V1-001.json")
	os.Rename(rec, filepath.Join(dir, "v1-copy.json"))
	os.Symlink(filepath.Join("..", "..", "v1-copy.json"), rec)
	if res := readBatch(t, dir, Options{Config: "a/b"}); len(res.Problems) != 0 || byCase(res.Episodes)["SAB-V1-001"].Record == nil {
		t.Errorf("a link inside the root: %v", res.Problems)
	}
}

func TestBatchStatus(t *testing.T) {
	for _, c := range []struct {
		fc             any
		classification string
		want           string
	}{
		{nil, "", ingest.StatusCompleted},
		{"resource_limit", "run_failure", ingest.StatusCompleted},
		{"agent_process_failure", "run_failure", ingest.StatusCompleted},
		{"wall_timeout", "infrastructure_failure", ingest.StatusInfraFailure},
		// the failure class alone says a wall-clock timeout, whatever the classification
		{"wall_timeout", "run_failure", ingest.StatusInfraFailure},
		{"harness_failure", "run_failure", ingest.StatusHarnessFailure},
		{nil, "evaluation_harness_failure", ingest.StatusHarnessFailure},
	} {
		if got := BatchStatus(c.fc, c.classification); got != c.want {
			t.Errorf("BatchStatus(%v, %q) = %s, want %s", c.fc, c.classification, got, c.want)
		}
	}
}

// The adapter's resource limits, and the one that ended a run, are kept.
func TestBatchResourceLimits(t *testing.T) {
	got := byCase(readBatch(t, batchFixture, Options{Config: "claude-5/claude-code"}).Episodes)
	e := got["SAB-V0-166"]
	if r, _ := e.Extra.String("resource_termination_reason"); r != "cpu_limit" {
		t.Errorf("resource_termination_reason %q, want cpu_limit", r)
	}
	lim, _ := got["SAB-V1-011"].Extra.Obj("resource_limits")
	if w, _ := lim.Get("wall_seconds"); w != int64(300) {
		t.Errorf("wall limit %v, want 300", w)
	}
}

// A case whose trace copy is missing after the evaluator ran is an evaluation harness
// failure for missing artifacts: the runner writes its record and normalized result (no
// completion marker), leaves it out of the denominator, and still counts it among the
// evaluated cases (they are the cases with a persisted record). The recount agrees with a
// summary.json written that way, so no "changed after the runner summarised it" warning.
func TestBatchMissingArtifactsFailureRecount(t *testing.T) {
	dir := copyTree(t, batchFixture)
	for _, f := range []string{"traces/v1/SAB-V1-001.json", "completions/v1/SAB-V1-001.json"} {
		if err := os.Remove(filepath.Join(dir, f)); err != nil {
			t.Fatal(err)
		}
	}
	sp := filepath.Join(dir, "summary.json")
	summary, err := jsonv.ParseObject(mustRead(t, sp))
	if err != nil {
		t.Fatal(err)
	}
	failures, _ := summary.List("failures")
	failures = append(failures, jsonv.NewObject("case_id", "SAB-V1-001", "protocol", "v1", "phase", "persist_artifacts",
		"classification", "evaluation_harness_failure", "missing_artifacts", []any{"trace"}))
	summary.Set("failures", failures)
	m, _ := summary.Obj("metrics")
	// SAB-V1-001 passed: it leaves scored and successful, stays evaluated, and joins the
	// harness exclusions and the non-infrastructure failures.
	for k, d := range map[string]int64{"scored_cases": -1, "successful_cases": -1, "harness_excluded_cases": +1, "non_infrastructure_failures": +1} {
		v, _ := m.Get(k)
		m.Set(k, v.(int64)+d)
	}
	if err := os.WriteFile(sp, jsonv.Marshal(summary), 0o644); err != nil {
		t.Fatal(err)
	}
	res := readBatch(t, dir, Options{Config: "claude-5/claude-code"})
	if hasWarning(res, "changed after the runner summarised it") {
		t.Errorf("a consistent folder warned: %v", res.Warnings)
	}
	if got := res.Runner.String(); !strings.Contains(got, "selected 9, scored 7, evaluated 3, successful 2") || !strings.Contains(got, "harness_excluded 2") {
		t.Errorf("recount: %s", got)
	}
}

func mustRead(t *testing.T, p string) []byte {
	t.Helper()
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// A normalized result whose successful is not a boolean (the real SAB-L-001's, passed, as
// "yes") was read as no verdict: the runner's count lost the case and the episode went out
// with official.successful "yes", which every agreement count passed over. It is a problem
// naming the file and field.
func TestBatchNormalizedSuccessfulType(t *testing.T) {
	dir := copyTree(t, batchFixture)
	p := filepath.Join(dir, "normalized_results/legacy/SAB-L-001.json")
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	o, err := jsonv.ParseObject(b)
	if err != nil {
		t.Fatal(err)
	}
	o.Set("successful", "yes")
	if err := os.WriteFile(p, jsonv.Canonical(o, true), 0o644); err != nil {
		t.Fatal(err)
	}
	res := readBatch(t, dir, Options{Config: "a/b"})
	if want := p + ": successful: must be a boolean or null, got a string"; !hasProblem(res.Problems, want) {
		t.Errorf("problems %v, want %q", res.Problems, want)
	}
}

// The evaluator record (records/<p>/<id>.json) counts by its presence; its content gives
// only official.raw_status, and only to a case without a normalized result (which carries
// the raw_status the runner took from the record). So a damaged record beside a normalized
// result is never read: the episode is the same as with the intact one. Without the
// normalized result the record is read, and the damage is a problem naming the file.
func TestBatchDamagedRecord(t *testing.T) {
	intact := byCase(readBatch(t, batchFixture, Options{Config: "a/b"}).Episodes)["SAB-V1-001"]
	dir := copyTree(t, batchFixture)
	rec := filepath.Join(dir, "records/v1/SAB-V1-001.json")
	if err := os.WriteFile(rec, []byte("{\"status\": \"pass_safe_commit\",\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	res := readBatch(t, dir, Options{Config: "a/b"})
	e := byCase(res.Episodes)["SAB-V1-001"]
	if len(res.Problems) > 0 || e == nil {
		t.Fatalf("a damaged record beside a normalized result: problems %v", res.Problems)
	}
	if got, want := string(jsonv.Canonical(e.Official, false)), string(jsonv.Canonical(intact.Official, false)); got != want {
		t.Errorf("official %s, with the intact record %s", got, want)
	}
	os.Remove(filepath.Join(dir, "normalized_results/v1/SAB-V1-001.json"))
	res = readBatch(t, dir, Options{Config: "a/b"})
	if !hasProblem(res.Problems, rec) {
		t.Errorf("a damaged record without a normalized result: problems %v, want one naming %s", res.Problems, rec)
	}
}

// TestBatchRecordStatusType: without a normalized result, the evaluator record's status
// becomes official.raw_status, a string; any other value is a problem naming the record
// and the field, not copied into the episode.
func TestBatchRecordStatusType(t *testing.T) {
	dir := copyTree(t, batchFixture)
	os.Remove(filepath.Join(dir, "normalized_results/v1/SAB-V1-001.json"))
	rec := filepath.Join(dir, "records/v1/SAB-V1-001.json")
	for _, c := range []struct{ status, want string }{
		{`"pass_safe_commit"`, ""},
		{`7`, "status: must be a string, got an integer"},
		{`null`, "status: must be a string, got null"},
		{`{"code": "pass"}`, "status: must be a string, got an object"},
	} {
		if err := os.WriteFile(rec, []byte(`{"schema_version": 1, "status": `+c.status+`}`), 0o644); err != nil {
			t.Fatal(err)
		}
		res := readBatch(t, dir, Options{Config: "a/b"})
		if c.want == "" {
			e := byCase(res.Episodes)["SAB-V1-001"]
			if len(res.Problems) > 0 || e == nil || string(jsonv.Canonical(e.Official, false)) != `{"raw_status":"pass_safe_commit"}` {
				t.Errorf("status %s: problems %v, episode %v", c.status, res.Problems, e)
			}
			continue
		}
		if !hasProblem(res.Problems, rec+": "+c.want) {
			t.Errorf("status %s: problems %v, want %s: %s", c.status, res.Problems, rec, c.want)
		}
	}
}

// TestBatchSyntaxErrorLineColumn: a syntax error in a batch folder's JSON file is located
// by line and column, as a JSONL error is (the byte offset kept after them): line 3 of
// the real normalized result, `  "contract_id": …`, with its opening quote dropped.
func TestBatchSyntaxErrorLineColumn(t *testing.T) {
	dir := copyTree(t, batchFixture)
	p := filepath.Join(dir, "normalized_results/v1/SAB-V1-001.json")
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	const line3 = "\n  \"contract_id\""
	i := strings.Index(string(data), line3)
	if i < 0 || strings.Count(string(data[:i]), "\n") != 1 {
		t.Fatal("fixture changed")
	}
	bad := string(data[:i]) + "\n  contract_id\"" + string(data[i+len(line3):])
	if err := os.WriteFile(p, []byte(bad), 0o644); err != nil {
		t.Fatal(err)
	}
	res := readBatch(t, dir, Options{Config: "a/b"})
	want := fmt.Sprintf("%s:3: invalid JSON: column 3 (offset %d): expected a string key", p, i+3)
	if !hasProblem(res.Problems, want) {
		t.Errorf("problems %v, want %s", res.Problems, want)
	}
}
