package harness_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/casespec"
	"github.com/sabench/sabench-stats/ingest/harness"
	"github.com/sabench/sabench-stats/ingest/inspect"
	"github.com/sabench/sabench-stats/ingest/inspect/inspecttest"
	"github.com/sabench/sabench-stats/ingest/jsonv"
	"github.com/sabench/sabench-stats/ingest/synth"
)

// realLogs are Inspect's own test logs (MIT, see the NOTICE beside them).
const realLogs = "../inspect/testdata/logs"

func builtinBench(t testing.TB) *casespec.Bench {
	t.Helper()
	rel, err := synth.Default()
	if err != nil {
		t.Fatal(err)
	}
	b, err := casespec.NewBench("builtin", rel.Cases, rel.Sets, casespec.BenchOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// writeInspectSubset writes the built-in release's episodes that keep selects (by index
// and episode) as Inspect logs under dir (synth.WriteInspect) and returns them with the
// log files.
func writeInspectSubset(t testing.TB, dir string, keep func(i int, ep *ingest.Episode) bool) ([]*ingest.Episode, []string) {
	t.Helper()
	rel, err := synth.Default()
	if err != nil {
		t.Fatal(err)
	}
	sub := &synth.Release{Seed: rel.Seed, Scale: rel.Scale, Cases: rel.Cases, Sets: rel.Sets}
	for i, ep := range rel.Episodes {
		if keep(i, ep) {
			sub.Episodes = append(sub.Episodes, ep)
		}
	}
	files, err := synth.WriteInspect(dir, sub)
	if err != nil {
		t.Fatal(err)
	}
	return sub.Episodes, files
}

// Inspect's real logs are not SafeActBench tasks: reading them gives no episode, and the
// error says so for every log, with its task, model, sample count and sample ids; the
// log without samples says that. Their folder gives its .json logs as well as its .eval
// ones (it gave the six .eval logs alone).
func TestInspectRealLogsAreNotSafeActBench(t *testing.T) {
	b := builtinBench(t)
	_, err := harness.ReadInspect(realLogs, harness.Options{Bench: b})
	if err == nil {
		t.Fatal("no error for logs without a SafeActBench sample")
	}
	msg := err.Error()
	for _, want := range []string{
		"no episodes in 8 Inspect logs",
		"2025-05-12T20-28-13-04-00_popularity.json: no episodes: not a SafeActBench task (task \"popularity\", model openai/gpt-4o-mini, 3 samples)",
		"2025-05-12T20-28-13-04-00_no-samples.json: no episodes: the log holds no samples",
		"log_streaming.eval: no episodes: not a SafeActBench task (task \"popularity\", model azureai/Meta-Llama-3-1-405B-Instruct-jqf, 4 sample-epochs, 2 epochs configured): no sample has metadata.case_id, and no sample id (1, 2) is a case of the bench",
		"log_message_deduplication.eval: no episodes: not a SafeActBench task (task \"inspect_test_utils/guess_number\", model hardcoded/hardcoded, 1 sample)",
		"2025-02-11T15-18-04-05-00_popularity_mj7khqpMM4GBCfVQozKgzB.eval: no episodes: not a SafeActBench task (task \"popularity\", model openai/gpt-4o-mini, 10 samples): no sample has metadata.case_id, and no sample id (1, 2, 3, 4, 5, …)",
	} {
		if !strings.Contains(msg, want) {
			t.Errorf("error lacks %q:\n%s", want, msg)
		}
	}
	_, err = harness.ReadInspect(filepath.Join(realLogs, "2025-05-12T20-28-13-04-00_no-samples.json"), harness.Options{Bench: b})
	// One log: "in 1 Inspect log" (it said "1 Inspect logs").
	if err == nil || !strings.Contains(err.Error(), "no episodes in 1 Inspect log:\n") || !strings.Contains(err.Error(), "no episodes: the log holds no samples (task \"testtaskname\", status \"cancelled\")") {
		t.Errorf("no-samples log: %v", err)
	}
}

// A real log with real tool events (Inspect's log_message_deduplication.eval: a bash tool
// called five times, span, sandbox and model events, the deduplicated message pool),
// its one sample relabelled as a SafeActBench V1 case by adding metadata.case_id. The
// adapter makes one episode: configuration model/solver from the header, repeat 0, the
// five bash calls as CONSEQUENTIAL_CALL events (bash is not one of the case's
// information tools) with Inspect's call ids and arguments and no result (their replies
// are not JSON), and, the final completion "done" being no JSON record, a record whose
// metadata.parse_error says so, with a warning.
func TestInspectRealToolEvents(t *testing.T) {
	src := filepath.Join(realLogs, "log_message_deduplication.eval")
	dst := filepath.Join(t.TempDir(), "relabelled.eval")
	relabel(t, src, dst, "SAB-V1-001")
	res, err := harness.ReadInspectFiles([]string{dst}, harness.Options{Bench: builtinBench(t)})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Problems) > 0 || len(res.Episodes) != 1 {
		t.Fatalf("problems %v, %d episodes", res.Problems, len(res.Episodes))
	}
	ep := res.Episodes[0]
	if ep.Config != "hardcoded/hardcoded/use_tools → generate" || ep.CaseID != "SAB-V1-001" || ep.Repeat != 0 || ep.Condition != "main" || ep.Status != ingest.StatusCompleted {
		t.Errorf("episode %+v", ep.Key())
	}
	// Where the sample is, for a reader to open it in Inspect's viewer.
	if want := (ingest.InspectSample{Log: dst, ID: "0", Epoch: 1, UUID: "5XJAqKPKGtzrXUZ3UhthJM", Member: "samples/0_epoch_1.json"}); ep.Inspect == nil || *ep.Inspect != want {
		t.Errorf("inspect sample %+v, want %+v", ep.Inspect, want)
	}
	events, _ := ep.Record.List("events")
	if len(events) != 5 {
		t.Fatalf("%d events, want 5: %s", len(events), jsonv.Marshal(ep.Record.Object()))
	}
	for i, x := range events {
		want := `{"type":"CONSEQUENTIAL_CALL","call_id":"hardcoded_` + string(rune('0'+i)) + `","tool":"bash","arguments":{"cmd":"ls"}}`
		if got := string(jsonv.Marshal(x)); got != want {
			t.Errorf("event %d: %s, want %s", i, got, want)
		}
	}
	md, _ := ep.Record.Obj("metadata")
	if why, _ := md.String("parse_error"); why != "the answer in output.completion is not JSON: offset 0: unexpected 'd'" {
		t.Errorf("parse_error %q", why)
	}
	if len(res.Warnings) != 1 || !strings.HasPrefix(res.Warnings[0], "1 completed sample has no decision record in output.completion") {
		t.Errorf("warnings %q", res.Warnings)
	}
}

// relabel copies an .eval log, adding metadata.case_id to every sample member.
func relabel(t *testing.T, src, dst, caseID string) {
	t.Helper()
	data := inspecttest.RewriteFile(t, src, inspecttest.Samples(t, func(_ string, s map[string]any) {
		md, _ := s["metadata"].(map[string]any)
		if md == nil {
			md = map[string]any{}
		}
		md["case_id"] = caseID
		s["metadata"] = md
	}))
	if err := os.WriteFile(dst, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// A folder of .json logs (Inspect's other format) gives them to the commands that score, as
// a folder of .eval logs does, and passes over the JSON case files a release folder holds;
// it was "no .eval logs in this folder". A folder with no log names the .json files it
// passed over.
func TestExpandInspectJSONFolder(t *testing.T) {
	dir := t.TempDir()
	log, err := os.ReadFile(filepath.Join(realLogs, "2025-05-12T20-28-13-04-00_popularity.json"))
	if err != nil {
		t.Fatal(err)
	}
	write := func(name, data string) string {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	want := write("logs/pop.json", string(log))
	write("logs/logs.json", `{"pop.json": {"version": 2}}`)
	write("cases/SAB-V1-001.json", `{"case_id": "SAB-V1-001", "version": 1}`)
	got, err := inspect.Expand([]string{dir})
	if err != nil || len(got) != 1 || got[0] != want {
		t.Fatalf("got %v, %v; want [%s]", got, err, want)
	}
	_, err = inspect.Expand([]string{filepath.Join(dir, "cases")})
	if msg := fmt.Sprint(err); !strings.Contains(msg, "no .eval or .json logs in this folder: its .json files ("+filepath.Join(dir, "cases", "SAB-V1-001.json")+") do not begin as an Inspect JSON log does") {
		t.Errorf("a folder of case files: %v", err)
	}
}
