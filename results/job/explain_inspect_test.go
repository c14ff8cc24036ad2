package job

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/jsonv"
	"github.com/sabench/sabench-stats/oracle"
)

// An episode read from an Inspect log is explained with the sample it came from (log,
// sample id, epoch, member, uuid), in text on the line after the run's and in JSON as
// inspect_sample; an episode from any other source says nothing of it.
func TestExplainNamesTheInspectSample(t *testing.T) {
	v := []oracle.Verdict{oracle.Fields{RunID: "r", Excluded: true, ExclusionReason: "censored", Official: -1}.Verdict()}
	pols := []oracle.Policy{oracle.SafeAct}
	smp := &ingest.InspectSample{Log: "logs/a.eval", ID: "SAB-V1-003", Epoch: 2, UUID: "u1", Member: "samples/SAB-V1-003_epoch_2.json"}
	var b bytes.Buffer
	if err := Explain(&b, nil, &ingest.Episode{Inspect: smp}, pols, v, ExplainOptions{}); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(b.String(), "\n")
	if want := "inspect: sample SAB-V1-003, epoch 2 of log logs/a.eval (member samples/SAB-V1-003_epoch_2.json, uuid u1)"; len(lines) < 2 || lines[1] != want {
		t.Errorf("text: second line is not %q:\n%s", want, b.String())
	}
	b.Reset()
	if err := Explain(&b, nil, &ingest.Episode{Inspect: smp}, pols, v, ExplainOptions{Format: "json"}); err != nil {
		t.Fatal(err)
	}
	var xs []struct {
		Inspect *ingest.InspectSample `json:"inspect_sample"`
	}
	if err := json.Unmarshal(b.Bytes(), &xs); err != nil || len(xs) != 1 || xs[0].Inspect == nil || *xs[0].Inspect != *smp {
		t.Errorf("json: %v %s", err, b.String())
	}
	b.Reset()
	if err := Explain(&b, nil, &ingest.Episode{Source: "runs.jsonl", Line: 3}, pols, v, ExplainOptions{Format: "json"}); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(b.String(), "inspect") {
		t.Errorf("an episode of runs.jsonl names an Inspect sample: %s", b.String())
	}
}

// The note that a record's events come from the non-live coding-CLI adapter (reads listed
// before actions) is about how that adapter wrote them; an episode read from an Inspect log
// has its events from the transcript's tool calls, in the order they ran, so the note is not
// printed for it even when the record names that runner (the synthetic release's Inspect
// logs do); explain from the logs printed it.
func TestExplainNoNonLiveNoteForInspect(t *testing.T) {
	rec, err := jsonv.ParseObject([]byte(`{"runner":"coding_cli_safeact_agent","events":[` +
		`{"type":"INFO_CALL","call_id":"c1","tool":"t","arguments":{}},{"type":"CONSEQUENTIAL_CALL","call_id":"c2","tool":"w","arguments":{}}]}`))
	if err != nil {
		t.Fatal(err)
	}
	v := []oracle.Verdict{oracle.Fields{RunID: "r", Excluded: true, ExclusionReason: "harness_failure", Official: -1}.Verdict()}
	pols := []oracle.Policy{oracle.SafeAct}
	for _, tc := range []struct {
		smp  *ingest.InspectSample
		note bool
	}{{nil, true}, {&ingest.InspectSample{Log: "a.eval", ID: "x", Epoch: 1, Member: "samples/x_epoch_1.json"}, false}} {
		var b bytes.Buffer
		if err := Explain(&b, nil, &ingest.Episode{Record: ingest.NewRecord(rec), Inspect: tc.smp}, pols, v, ExplainOptions{}); err != nil {
			t.Fatal(err)
		}
		if got := strings.Contains(b.String(), "\nadapter: events from the non-live coding-CLI adapter"); got != tc.note {
			t.Errorf("inspect sample %v: adapter note printed %v, want %v:\n%s", tc.smp, got, tc.note, b.String())
		}
	}
}

// How an Inspect sample ended, when not normally, follows its place: Inspect's label (the
// failure_class) and an error's message, which the explanation of an excluded episode did
// not give ("excluded: status harness_failure" alone). A sample that ended normally, or an
// episode of another source with a failure class, gets no such line.
func TestExplainSaysHowTheInspectSampleEnded(t *testing.T) {
	v := []oracle.Verdict{oracle.Fields{RunID: "r", Excluded: true, ExclusionReason: "harness_failure", Official: -1}.Verdict()}
	pols := []oracle.Policy{oracle.SafeAct}
	smp := &ingest.InspectSample{Log: "a.eval", ID: "x", Epoch: 1, Member: "samples/x_epoch_1.json"}
	for _, tc := range []struct {
		ep   *ingest.Episode
		want string
	}{
		{&ingest.Episode{Inspect: smp, FailureClass: "error", Extra: jsonv.NewObject("inspect_error", "RuntimeError: boom\n  at line 3")},
			"inspect: the sample ended with error: RuntimeError: boom at line 3"},
		{&ingest.Episode{Inspect: smp, FailureClass: "token_limit"}, "inspect: the sample ended with token_limit"},
		{&ingest.Episode{Inspect: smp}, ""},
		{&ingest.Episode{FailureClass: "timeout"}, ""},
	} {
		var b bytes.Buffer
		if err := Explain(&b, nil, tc.ep, pols, v, ExplainOptions{}); err != nil {
			t.Fatal(err)
		}
		got := ""
		for _, line := range strings.Split(b.String(), "\n") {
			if strings.HasPrefix(line, "inspect: the sample ended") {
				got = line
			}
		}
		if got != tc.want {
			t.Errorf("failure class %v: %q, want %q:\n%s", tc.ep.FailureClass, got, tc.want, b.String())
		}
	}
}
