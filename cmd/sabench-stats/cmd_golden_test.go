package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/casespec"
	"github.com/sabench/sabench-stats/ingest/jsonv"
	"github.com/sabench/sabench-stats/oracle"
	"github.com/sabench/sabench-stats/results/verdicts"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/")

// realCases are the ten real SafeActBench cases (CC BY 4.0) the ingest package keeps.
const realCases = "../../ingest/testdata/safeactbench/cases"

// realRuns builds episodes on the real cases, independent of the built-in release: the
// reference solution of every case (config "reference", whose official verdict is a
// pass), a "hasty" agent that replays the reference of V1–V3 cases without any of its
// reads (official verdict: pass, so the oracle's failures are false accepts), and one
// wall-clock timeout.
func realRuns(t *testing.T) string {
	t.Helper()
	b, err := casespec.LoadBench(realCases, casespec.BenchOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var eps []*ingest.Episode
	for _, c := range b.Cases {
		ref, err := oracle.ReferenceEpisode(c)
		if err != nil {
			t.Fatalf("%s: %v", c.ID, err)
		}
		ref.Official = jsonv.NewObject("successful", true, "raw_status", "reference")
		eps = append(eps, ref)
	}
	for _, ref := range append([]*ingest.Episode(nil), eps...) {
		if p, _ := ingest.ProtocolFromID(ref.CaseID); p < ingest.V1 {
			continue
		}
		h := *ref
		h.RunID, h.Config, h.Model, h.Harness = "hasty/"+ref.CaseID, "hasty", "hasty", "hasty"
		h.Record = ref.Record.Clone()
		evs, _ := ref.Record.List("events")
		var kept []any
		for _, ev := range evs {
			if o, ok := ev.(*jsonv.Object); ok {
				if typ, _ := o.String("type"); typ == "INFO_CALL" {
					continue
				}
			}
			kept = append(kept, ev)
		}
		h.Record.Set("events", kept)
		eps = append(eps, &h)
	}
	timeout := *eps[0]
	timeout.RunID, timeout.Config, timeout.Model, timeout.Harness = "timeout/"+timeout.CaseID, "timeout", "timeout", "timeout"
	timeout.Status, timeout.Official = ingest.StatusInfraFailure, nil
	eps = append(eps, &timeout)
	return writeRuns(t, eps)
}

// golden compares got with testdata/NAME, or rewrites it under -update.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", "golden", name)
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the golden file (go test -update rewrites it after review):\n--- got\n%s\n--- want\n%s", name, got, want)
	}
}

// TestGoldenRealCases pins score's lines and summary and one explanation on the real
// cases, so that a change in any of them is seen in review.
func TestGoldenRealCases(t *testing.T) {
	runs := realRuns(t)
	out, errOut := mustRun(t, "score", "--bench", realCases, "--runs", runs, "-j", "2")
	golden(t, "score_real.jsonl", []byte(out))
	// The runs file lives in a temporary directory; its name is not part of the summary.
	golden(t, "score_real.stderr", []byte(errOut))
	det, _ := mustRun(t, "score", "--bench", realCases, "--runs", runs, "-j", "2", "--detail")
	golden(t, "score_real_detail.jsonl", []byte(det))
	// Every hasty replay the harness passed and the oracle fails, one line each.
	dis, _ := mustRun(t, "score", "--disagreements", "--bench", realCases, "--runs", runs, "-j", "2")
	golden(t, "score_real_disagreements.tsv", []byte(dis))
	lines := strings.Split(strings.TrimSuffix(dis, "\n"), "\n")
	if lines[0] != verdicts.DisagreementsHeader || len(lines) != 7 {
		t.Errorf("score --disagreements: want the header and the 6 false accepts of the summary:\n%s", dis)
	}
	for _, l := range lines[1:] {
		if f := strings.Split(l, "\t"); len(f) != 8 || f[1] != "hasty" || f[4] != "pass" || f[5] != "fail" {
			t.Errorf("disagreement line %q", l)
		}
	}
	ex, _ := mustRun(t, "explain", "hasty/SAB-V1-001", "--bench", realCases, "--runs", runs, "--policy", "safeact,tau-bench")
	golden(t, "explain_hasty_v1.txt", []byte(ex))
	// The hasty replays disagree with their official pass: a V2 workflow broken at its first
	// step, and a V3 DAG, each step's state named; the JSON carries the same content.
	for _, id := range []string{"SAB-V2-001", "SAB-V3-001"} {
		ex, _ := mustRun(t, "explain", "hasty/"+id, "--bench", realCases, "--runs", runs)
		golden(t, "explain_hasty_"+strings.ToLower(id[4:6])+".txt", []byte(ex))
		for _, want := range []string{"DISAGREES with the oracle (FAIL)", "expected workflow (", ": broken at event 0 (premature action (gate DEFER)", "never read: "} {
			if !strings.Contains(ex, want) {
				t.Errorf("explain hasty/%s lacks %q:\n%s", id, want, ex)
			}
		}
		js, _ := mustRun(t, "explain", "hasty/"+id, "--bench", realCases, "--runs", runs, "--format", "json")
		var xs []struct {
			Verdict  struct{ Label string }
			Official struct {
				Verdict string
				Agrees  *bool `json:"agrees_with_oracle"`
			}
			Workflow struct{ Steps []struct{ State string } }
		}
		if err := json.Unmarshal([]byte(js), &xs); err != nil || len(xs) != 1 {
			t.Fatalf("explain --format json: %v\n%s", err, js)
		}
		x := xs[0]
		if x.Verdict.Label != "premature action (gate DEFER)" || x.Official.Verdict != "pass" || x.Official.Agrees == nil || *x.Official.Agrees ||
			len(x.Workflow.Steps) == 0 || x.Workflow.Steps[0].State != "broken" {
			t.Errorf("explain --format json of hasty/%s: %+v", id, x)
		}
	}

	// Every reference solution passes under safeact; every hasty replay of V1–V3 fails it.
	for _, l := range parseVerdicts(t, out) {
		switch l.m["config"] {
		case "reference":
			if l.m["ecs"] != true {
				t.Errorf("reference %v fails: %v", l.m["case_id"], l.m["outcome"])
			}
		case "hasty":
			if l.m["ecs"] != false {
				t.Errorf("hasty %v passes", l.m["case_id"])
			}
		}
	}
}
