package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestSynthUsage(t *testing.T) {
	for _, args := range [][]string{
		{"synth"},
		{"synth", "--out", t.TempDir(), "--scale", "0"},
		{"synth", "--out", t.TempDir(), "extra"},
		{"synth", "--no-such-flag"},
	} {
		_, stderr, code := runCLI(t, args...)
		if code != 2 {
			t.Errorf("%v: exit %d, want 2 (stderr %q)", args, code, stderr)
		}
	}
}

// TestSynthWrites writes the built-in release and checks the checkout layout.
func TestSynthWrites(t *testing.T) {
	t.Parallel() // overlaps the disk-bound synth write with the CPU-bound scoring
	dir := filepath.Join(t.TempDir(), "rel")
	stdout, stderr, code := runCLI(t, "synth", "--out", dir)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	// A summary and a note: both on stderr.
	if stdout != "" || !strings.Contains(stderr, "34147 episodes") || !strings.Contains(stderr, "note: the data is synthetic") {
		t.Errorf("stdout %q, stderr %q", stdout, stderr)
	}
	for _, f := range []string{"env/case_manifest.json", "env/cases.json", "env/non_execution_cases.json",
		"env/state_action_cases.json", "env/linear_workflow_cases.json", "env/multi_step_cases.json",
		"env/case_evidence.json", "sets/t9_matched_v1.txt", "sets/t10_balanced.txt",
		"sets/interventions_v1.txt", "sets/interventions_contradicted.txt", "runs.jsonl", "runs.parquet"} {
		if st, err := os.Stat(filepath.Join(dir, f)); err != nil || st.Size() == 0 {
			t.Errorf("%s: missing or empty (%v)", f, err)
		}
	}
	b, err := os.ReadFile(filepath.Join(dir, "sets", "t9_matched_v1.txt"))
	if err != nil || strings.Count(string(b), "\n") != 100 {
		t.Errorf("t9 set: %d lines (%v)", strings.Count(string(b), "\n"), err)
	}
}
