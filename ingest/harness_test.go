package ingest

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite golden files")

// golden compares got with testdata/name, or rewrites it under -update.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs:\n got: %s\nwant: %s", path, got, want)
	}
}

func TestHarnessBatchDir(t *testing.T) {
	eps, probs, err := ReadBatchDir("testdata/harness/batch", HarnessOptions{Config: "claude-5/claude-code", Repeat: 2})
	if err != nil || len(probs) != 0 {
		t.Fatalf("err %v, problems %v", err, probs)
	}
	want := map[string]struct {
		status string
		fc     any
		record bool
	}{
		"SAB-L-001":  {StatusCompleted, "resource_limit", true},
		"SAB-V0-001": {StatusInfraFailure, "wall_timeout", false},
		"SAB-V1-001": {StatusCompleted, nil, true},
		"SAB-V2-001": {StatusHarnessFailure, nil, true},
		"SAB-V3-001": {StatusHarnessFailure, "harness_failure", false},
	}
	if len(eps) != len(want) {
		t.Fatalf("%d episodes, want %d", len(eps), len(want))
	}
	for _, e := range eps {
		w := want[e.CaseID]
		if e.Status != w.status || e.FailureClass != w.fc || (e.Record != nil) != w.record {
			t.Errorf("%s: status %s, failure_class %v, record %v; want %s, %v, %v", e.CaseID, e.Status, e.FailureClass, e.Record != nil, w.status, w.fc, w.record)
		}
		if e.Repeat != 2 || e.Condition != "main" || e.Model != "claude-5" || e.Harness != "claude-code" {
			t.Errorf("%s: identity %+v", e.CaseID, e.Key())
		}
	}
	if ok, _ := eps[2].Official.Get("successful"); eps[2].CaseID != "SAB-V1-001" || ok != true {
		t.Errorf("V1-001 official = %v", eps[2].Official)
	}
	golden(t, "harness/batch.golden.jsonl", jsonlBytes(eps))
}

func TestHarnessInteractiveDir(t *testing.T) {
	eps, probs, err := ReadInteractiveDir("testdata/harness/interactive", HarnessOptions{Config: "openai/gpt-6/inspect", Condition: "scgr_eg"})
	if err != nil || len(probs) != 0 {
		t.Fatalf("err %v, problems %v", err, probs)
	}
	if len(eps) != 2 || eps[0].CaseID != "SAB-V2-016" || eps[1].CaseID != "SAB-V3-001" {
		t.Fatalf("episodes %v", eps)
	}
	if eps[0].Status != StatusCensored || eps[1].Status != StatusCompleted {
		t.Errorf("statuses %s, %s; want censored, completed", eps[0].Status, eps[1].Status)
	}
	if ev, _ := eps[1].Record.List("events"); len(ev) != 2 {
		t.Errorf("V3 record has %d events, want 2", len(ev))
	}
	if eps[1].Model != "openai/gpt-6" || eps[1].Harness != "inspect" || eps[1].Condition != "scgr_eg" {
		t.Errorf("identity %s %s %s", eps[1].Model, eps[1].Harness, eps[1].Condition)
	}
	if w, _ := eps[1].Usage.Get("wall_seconds"); w != 95.5 {
		t.Errorf("wall_seconds = %v, want 95.5", w)
	}
	golden(t, "harness/interactive.golden.jsonl", jsonlBytes(eps))

	one, _, err := ReadInteractiveDir("testdata/harness/interactive/run-SAB-V3-001", HarnessOptions{Config: "x/y"})
	if err != nil || len(one) != 1 || one[0].CaseID != "SAB-V3-001" {
		t.Fatalf("single run dir: %v %v", one, err)
	}
}

func TestInteractiveStatus(t *testing.T) {
	for _, c := range []struct {
		status, code string
		censored     bool
		want         string
	}{
		{"episode_wall_timeout", "", false, StatusCensored},
		{"model_finished", "", false, StatusCompleted},
		{"turn_budget_exhausted", "", false, StatusCompleted},
		{"protocol_error", "", false, StatusCompleted},
		{"runtime_failed", "http_status_429", false, StatusInfraFailure},
		{"runtime_failed", "transport_retries_exhausted", false, StatusInfraFailure},
		{"runtime_failed", "scorer_failed", false, StatusHarnessFailure},
		{"runtime_failed", "gateway_initialization_failed", false, StatusHarnessFailure},
		{"model_finished", "", true, StatusCensored},
	} {
		if got := InteractiveStatus(c.status, c.code, c.censored); got != c.want {
			t.Errorf("InteractiveStatus(%q, %q, %v) = %s, want %s", c.status, c.code, c.censored, got, c.want)
		}
	}
}

func TestBatchStatus(t *testing.T) {
	for _, c := range []struct {
		fc             any
		classification string
		want           string
	}{
		{nil, "", StatusCompleted},
		{"resource_limit", "run_failure", StatusCompleted},
		{"agent_process_failure", "run_failure", StatusCompleted},
		{"wall_timeout", "infrastructure_failure", StatusInfraFailure},
		{"harness_failure", "run_failure", StatusHarnessFailure},
		{nil, "evaluation_harness_failure", StatusHarnessFailure},
	} {
		if got := BatchStatus(c.fc, c.classification); got != c.want {
			t.Errorf("BatchStatus(%v, %q) = %s, want %s", c.fc, c.classification, got, c.want)
		}
	}
}

func TestHarnessRefusesLinkOutOfRoot(t *testing.T) {
	dir := t.TempDir()
	outside := filepath.Join(t.TempDir(), "secret.json")
	os.WriteFile(outside, []byte(`{"schema_version":1}`), 0o644)
	os.MkdirAll(filepath.Join(dir, "raw_outputs", "v1"), 0o755)
	if err := os.Symlink(outside, filepath.Join(dir, "raw_outputs", "v1", "SAB-V1-001.json")); err != nil {
		t.Skip("no symlinks:", err)
	}
	_, probs, err := ReadBatchDir(dir, HarnessOptions{Config: "a/b"})
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, p := range probs {
		if strings.Contains(p.Msg, "leads out of") {
			found = true
		}
	}
	if !found {
		t.Errorf("link out of the root not refused: %v", probs)
	}
}
