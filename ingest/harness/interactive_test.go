package harness

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/jsonv"
)

const interactiveFixture = "testdata/interactive"

func readInteractive(t *testing.T, dir string, opt Options) *Result {
	t.Helper()
	res, err := ReadInteractiveDir(dir, opt)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// byRun indexes episodes by the name of their run directory (the run id is built from
// what the directory records, not its name: interactiveRunID).
func byRun(eps []*ingest.Episode) map[string]*ingest.Episode {
	m := map[string]*ingest.Episode{}
	for _, e := range eps {
		m[runDir(e)] = e
	}
	return m
}

func runDir(e *ingest.Episode) string { return filepath.Base(filepath.Dir(e.Source)) }

const glm = "z-ai/glm-5.2/openrouter"

// Seven runs of four cases (README beside the fixture).
func TestInteractiveDir(t *testing.T) {
	res := readInteractive(t, interactiveFixture, Options{Config: glm, Condition: "scgr_eg"})
	if len(res.Problems) != 0 || len(res.Warnings) != 0 {
		t.Fatalf("problems %v, warnings %v", res.Problems, res.Warnings)
	}
	want := map[string]struct {
		caseID string
		repeat int
		status string
		fc     any
	}{
		"SAB-V2-001.run1": {"SAB-V2-001", 0, ingest.StatusCompleted, nil},
		"SAB-V2-001.run2": {"SAB-V2-001", 1, ingest.StatusInfraFailure, "http_status_429"},
		"SAB-V2-016.run1": {"SAB-V2-016", 0, ingest.StatusCensored, "inference_wall_budget_exhausted"},
		"SAB-V2-018.run1": {"SAB-V2-018", 0, ingest.StatusCompleted, "mixed_information_and_action_reply"},
		"SAB-V3-001.run1": {"SAB-V3-001", 0, ingest.StatusCompleted, nil},
		"SAB-V3-001.run2": {"SAB-V3-001", 1, ingest.StatusHarnessFailure, "gateway_initialization_failed"},
		"SAB-V3-001.run3": {"SAB-V3-001", 2, ingest.StatusCompleted, "invalid_tool_call_id"},
	}
	got := byRun(res.Episodes)
	if len(got) != len(want) {
		t.Fatalf("%d episodes, want %d", len(got), len(want))
	}
	for dir, w := range want {
		e := got[dir]
		if e == nil {
			t.Errorf("%s: no episode", dir)
			continue
		}
		if e.CaseID != w.caseID || e.Repeat != w.repeat || e.Status != w.status || e.FailureClass != w.fc {
			t.Errorf("%s: %s repeat %d %s %v; want %s %d %s %v", dir, e.CaseID, e.Repeat, e.Status, e.FailureClass, w.caseID, w.repeat, w.status, w.fc)
		}
		if e.Condition != "scgr_eg" || e.Model != "z-ai/glm-5.2" || e.Harness != "openrouter" {
			t.Errorf("%s: identity %s %s %s", dir, e.Model, e.Harness, e.Condition)
		}
	}
	// The raw CASE_SUCCESS is canonicalised and kept.
	ok := got["SAB-V3-001.run1"].Official
	if o, _ := ok.Get("observed_outcome"); o != "WORKFLOW_SUCCESS" {
		t.Errorf("observed_outcome %v", o)
	}
	if o, _ := ok.Get("raw_observed_outcome"); o != "CASE_SUCCESS" {
		t.Errorf("raw_observed_outcome %v", o)
	}
	if NonLiveAdapterNote(got["SAB-V3-001.run1"].Record.Object()) != "" {
		t.Error("the interactive driver's record is live, yet noted as non-live")
	}
	golden(t, "interactive.golden.jsonl", jsonlBytes(res.Episodes))

	one := readInteractive(t, filepath.Join(interactiveFixture, "SAB-V3-001.run1"), Options{Config: "x/y"})
	if len(one.Episodes) != 1 || one.Episodes[0].CaseID != "SAB-V3-001" || one.Episodes[0].RunID != "x/y|SAB-V3-001|2026-09-01T11:06:40.000Z|67b08000a73ec1bd" {
		t.Fatalf("single run dir: %v %v", one.Episodes, one.Problems)
	}
}

// The per-request usage list is summed.
func TestInteractiveUsage(t *testing.T) {
	res := readInteractive(t, interactiveFixture, Options{Config: glm})
	u := byRun(res.Episodes)["SAB-V2-001.run2"].Usage
	for k, want := range map[string]any{"input_tokens": int64(6000), "output_tokens": int64(360), "total_tokens": int64(6360),
		"reasoning_tokens": int64(150), "cached_tokens": int64(3072), "requests": int64(3)} {
		if v, _ := u.Get(k); v != want {
			t.Errorf("usage.%s = %v, want %v", k, v, want)
		}
	}
	if c, _ := u.Get("cost_usd"); c.(float64) < 0.0029759 || c.(float64) > 0.0029761 {
		t.Errorf("cost_usd %v, want Σ cost = 0.000848+0.000992+0.001136", c)
	}
	// usage.json is the fallback when result.json has no list.
	dir := copyTree(t, filepath.Join(interactiveFixture, "SAB-V2-001.run2"))
	b, _ := os.ReadFile(filepath.Join(dir, "result.json"))
	o, _ := parseObj(b)
	o.Delete("usage")
	os.WriteFile(filepath.Join(dir, "result.json"), marshal(o), 0o644)
	r2 := readInteractive(t, dir, Options{Config: glm})
	if v, _ := r2.Episodes[0].Usage.Get("input_tokens"); v != int64(6000) {
		t.Errorf("from usage.json: input_tokens %v", v)
	}
	// The object shape the old fixtures had is refused.
	o.Set("usage", o.Clone())
	os.WriteFile(filepath.Join(dir, "result.json"), marshal(o), 0o644)
	if r3 := readInteractive(t, dir, Options{Config: glm}); !hasProblem(r3.Problems, "usage: must be the driver's per-request list") {
		t.Errorf("object usage: %v", r3.Problems)
	}
}

// A run without result.json is a problem; the gateway failure above is an exclusion.
func TestInteractiveUnfinishedRun(t *testing.T) {
	dir := copyTree(t, interactiveFixture)
	os.Remove(filepath.Join(dir, "SAB-V2-016.run1", "result.json"))
	os.MkdirAll(filepath.Join(dir, "SAB-V2-018.run2"), 0o755)
	os.WriteFile(filepath.Join(dir, "SAB-V2-018.run2", "config.json"), []byte(`{"case_id":"SAB-V2-018"}`), 0o644)
	res := readInteractive(t, dir, Options{Config: glm})
	if !hasProblem(res.Problems, "killed mid-episode: journal.jsonl has") || !hasProblem(res.Problems, "a startup failure") {
		t.Errorf("problems %v", res.Problems)
	}
	if len(res.Episodes) != 6 {
		t.Errorf("%d episodes, want the 6 finished runs", len(res.Episodes))
	}
}

// A result.json field of the wrong type is a problem naming the file and field: a
// "success" written as a string was copied into official.successful, where it read as no
// verdict, and a numeric status was reported as "" not being a status.
func TestInteractiveFieldTypes(t *testing.T) {
	for _, c := range []struct {
		key  string
		val  any
		want string
	}{
		{"success", "true", "result.json: success: must be a boolean or null, got a string"},
		{"status", int64(5), "result.json: status: must be a string, got an integer"},
	} {
		dir := copyTree(t, filepath.Join(interactiveFixture, "SAB-V2-001.run1"))
		p := filepath.Join(dir, "result.json")
		b, _ := os.ReadFile(p)
		o, _ := parseObj(b)
		o.Set(c.key, c.val)
		os.WriteFile(p, marshal(o), 0o644)
		res := readInteractive(t, dir, Options{Config: glm})
		if len(res.Problems) != 1 || !strings.HasSuffix(res.Problems[0].String(), c.want) || len(res.Episodes) != 0 {
			t.Errorf("%s %v: problems %v, %d episodes; want %q and none", c.key, c.val, res.Problems, len(res.Episodes), c.want)
		}
	}
}

// --repeat-from dirname and duplicate repeats.
func TestInteractiveRepeats(t *testing.T) {
	res := readInteractive(t, interactiveFixture, Options{Config: glm, RepeatFrom: RepeatFromDirname})
	if len(res.Problems) != 0 {
		t.Fatal(res.Problems)
	}
	for _, e := range res.Episodes {
		if want := int(runDir(e)[len(runDir(e))-1] - '0'); e.Repeat != want {
			t.Errorf("%s: repeat %d, want %d", e.RunID, e.Repeat, want)
		}
	}
	res = readInteractive(t, interactiveFixture, Options{Config: glm, Repeat: 5})
	if e := byRun(res.Episodes)["SAB-V3-001.run3"]; e.Repeat != 7 {
		t.Errorf("order from --repeat 5: run3 repeat %d, want 7", e.Repeat)
	}
	dir := copyTree(t, interactiveFixture)
	os.Rename(filepath.Join(dir, "SAB-V3-001.run3"), filepath.Join(dir, "SAB-V3-001.again1"))
	res = readInteractive(t, dir, Options{Config: glm, RepeatFrom: RepeatFromDirname})
	if !hasProblem(res.Problems, "both get repeat 1") {
		t.Errorf("duplicate repeat: %v", res.Problems)
	}
}

// Every runtime_failed code the driver writes is mapped explicitly.
func TestInteractiveStatus(t *testing.T) {
	for _, c := range []struct {
		status, code string
		censored     bool
		want         string
	}{
		{"episode_wall_timeout", "inference_wall_budget_exhausted", true, ingest.StatusCensored},
		{"model_finished", "", false, ingest.StatusCompleted},
		{"turn_budget_exhausted", "", false, ingest.StatusCompleted},
		{"output_budget_exhausted", "", false, ingest.StatusCompleted},
		{"protocol_error", "", false, ingest.StatusCompleted},
		{"episode_terminal", "", false, ingest.StatusCompleted},
		{"runtime_failed", "http_status_429", false, ingest.StatusInfraFailure},
		{"runtime_failed", "transport_retries_exhausted", false, ingest.StatusInfraFailure},
		{"runtime_failed", "api_error_response", false, ingest.StatusInfraFailure},
		{"runtime_failed", "invalid_api_choices", false, ingest.StatusInfraFailure},
		{"runtime_failed", "invalid_assistant_message", false, ingest.StatusInfraFailure},
		{"runtime_failed", "invalid_tool_calls", false, ingest.StatusInfraFailure},
		{"runtime_failed", "JSONDecodeError", false, ingest.StatusInfraFailure},
		{"runtime_failed", "response_contains_credential", false, ingest.StatusInfraFailure},
		{"runtime_failed", "invalid_tool_call_id", false, ingest.StatusCompleted},
		{"runtime_failed", "scorer_failed", false, ingest.StatusHarnessFailure},
		{"runtime_failed", "gateway_initialization_failed", false, ingest.StatusHarnessFailure},
		{"runtime_failed", "KeyError", false, ingest.StatusHarnessFailure},
		{"model_finished", "", true, ingest.StatusCensored},
	} {
		if got := InteractiveStatus(c.status, c.code, c.censored); got != c.want {
			t.Errorf("InteractiveStatus(%q, %q, %v) = %s, want %s", c.status, c.code, c.censored, got, c.want)
		}
	}
	dir := copyTree(t, filepath.Join(interactiveFixture, "SAB-V3-001.run3"))
	b, _ := os.ReadFile(filepath.Join(dir, "result.json"))
	o, _ := parseObj(b)
	o.Set("failure_code", "KeyError")
	os.WriteFile(filepath.Join(dir, "result.json"), marshal(o), 0o644)
	res := readInteractive(t, dir, Options{Config: glm})
	if !hasWarning(res, `failure_code "KeyError" is not in the interactive failure table`) || res.Episodes[0].Status != ingest.StatusHarnessFailure {
		t.Errorf("unlisted code: %v %s", res.Warnings, res.Episodes[0].Status)
	}
}

// A driver protocol error reaches the record and the official verdict; runner mode
// counts every runtime failure as the driver does.
func TestInteractiveDriverProtocolError(t *testing.T) {
	res := readInteractive(t, interactiveFixture, Options{Config: glm})
	e := byRun(res.Episodes)["SAB-V2-018.run1"]
	md, _ := e.Record.Obj("metadata")
	if v, _ := md.String("driver_protocol_error"); v != "mixed_information_and_action_reply" {
		t.Errorf("record metadata %v", md)
	}
	if s, _ := e.Official.Get("successful"); s != false {
		t.Errorf("official %v", e.Official)
	}
	res = readInteractive(t, interactiveFixture, Options{Config: glm, Mode: ModeRunner})
	for _, e := range res.Episodes {
		want := ingest.StatusCompleted
		if e.CaseID == "SAB-V2-016" {
			want = ingest.StatusCensored
		}
		if e.Status != want {
			t.Errorf("runner mode %s: %s, want %s", e.RunID, e.Status, want)
		}
	}
}

// The model the driver used is compared with --config: a mismatch is one warning per
// recorded field that counts episodes (not requests) and says what to do; the natural
// configuration name (another case, no provider prefix) is no mismatch.
func TestInteractiveModelCheck(t *testing.T) {
	res := readInteractive(t, interactiveFixture, Options{Config: "qwen/qwen3.8-flash/openrouter"})
	// Seven runs record the model in result.json; six of them (not the one whose gateway
	// failed) made requests whose replies name it, 39 requests in all.
	for _, want := range []string{
		`7 episodes: the runner recorded model "z-ai/glm-5.2", but --config/--model says "qwen/qwen3.8-flash"`,
		`6 episodes: the runner recorded returned model "z-ai/glm-5.2"`,
		`pass --model "z-ai/glm-5.2" to say so`,
	} {
		if !hasWarning(res, want) {
			t.Errorf("no warning %q in %v", want, res.Warnings)
		}
	}
	for _, config := range []string{"GLM-5.2/Inspect", "glm-5.2/inspect", "z-ai/glm-5.2/openrouter"} {
		res := readInteractive(t, interactiveFixture, Options{Config: config})
		if hasWarning(res, "the runner recorded") {
			t.Errorf("--config %s: %v", config, res.Warnings)
		}
	}
}

// A symbolic link among the run directories is skipped and said.
func TestInteractiveSymlinkSkipped(t *testing.T) {
	dir := copyTree(t, interactiveFixture)
	outside := copyTree(t, filepath.Join(interactiveFixture, "SAB-V3-001.run1"))
	if err := os.Symlink(outside, filepath.Join(dir, "SAB-V3-001.run9")); err != nil {
		t.Skip("no symlinks:", err)
	}
	res := readInteractive(t, dir, Options{Config: glm})
	if !hasWarning(res, "SAB-V3-001.run9: skipped: a symbolic link") || len(res.Episodes) != 7 {
		t.Errorf("warnings %v, %d episodes", res.Warnings, len(res.Episodes))
	}
	// A case id that is not a plain name is refused.
	b, _ := os.ReadFile(filepath.Join(dir, "SAB-V3-001.run2", "result.json"))
	o, _ := parseObj(b)
	o.Set("case_id", "../../etc/passwd")
	os.WriteFile(filepath.Join(dir, "SAB-V3-001.run2", "result.json"), marshal(o), 0o644)
	if res := readInteractive(t, dir, Options{Config: glm}); !hasProblem(res.Problems, "not a plain name") {
		t.Errorf("traversal id: %v", res.Problems)
	}
}

func parseObj(b []byte) (*jsonv.Object, error) { return jsonv.ParseObject(b) }
func marshal(o *jsonv.Object) []byte           { return jsonv.Marshal(o) }

// TestInteractiveUnfinishedRunJournal: for a run without result.json the journal says how
// far it got. A journal that could not be read (here a folder) was taken as no journal,
// and the run called "a startup failure"; a journal whose last step lacks its newline (the
// run killed while writing it) was a step short, one of a single step "a startup failure".
// The first now says the journal cannot be read; the second counts its step.
func TestInteractiveUnfinishedRunJournal(t *testing.T) {
	dir := copyTree(t, interactiveFixture)
	run := filepath.Join(dir, "SAB-V2-016.run1")
	os.Remove(filepath.Join(run, "result.json"))
	os.Remove(filepath.Join(run, "journal.jsonl"))
	os.Mkdir(filepath.Join(run, "journal.jsonl"), 0o755)
	res := readInteractive(t, dir, Options{Config: glm})
	if !hasProblem(res.Problems, "journal.jsonl, which would say how far it got, cannot be read: ") || hasProblem(res.Problems, "a startup failure") {
		t.Errorf("journal a folder: problems %v", res.Problems)
	}
	os.Remove(filepath.Join(run, "journal.jsonl"))
	os.WriteFile(filepath.Join(run, "journal.jsonl"), []byte(`{"event":"episode_start"}`), 0o644)
	res = readInteractive(t, dir, Options{Config: glm})
	if !hasProblem(res.Problems, "killed mid-episode: journal.jsonl has 1 step)") {
		t.Errorf("one step without its newline: problems %v", res.Problems)
	}
}
