package job

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/ingest"
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
