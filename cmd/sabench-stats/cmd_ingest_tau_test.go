package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// tauShared is the shared real τ-bench file (gpt-4o, airline, tasks 25–49 × 4 trials).
var tauShared = filepath.Join("..", "..", "ingest", "tau", "testdata", "gpt-4o-airline-tasks25-49.json")

func TestIngestTau(t *testing.T) {
	out := filepath.Join(t.TempDir(), "tau.jsonl")
	_, stderr, code := runCLI(t, "ingest", "--tau", tauShared, "--config", "gpt-4o/tool-calling", "--out", out)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{"tau-bench, domain airline, 100 trajectories", "ingest: 100 episodes written"} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr)
		}
	}
	// The same file twice is 100 duplicate keys: refused, nothing written.
	_, stderr, code = runCLI(t, "ingest", "--tau", tauShared, tauShared, "--config", "gpt-4o/tool-calling", "--out", filepath.Join(t.TempDir(), "x.jsonl"))
	if code != 1 || !strings.Contains(stderr, "100 problems") || !strings.Contains(stderr, "case TAU-AIRLINE-25 trial 0 again") {
		t.Errorf("duplicates: exit %d: %s", code, stderr)
	}
	for _, args := range [][]string{
		{"ingest", "--tau", tauShared},
		{"ingest", "--tau", tauShared, "--batch", "x", "--config", "a/b"},
		{"ingest", "--tau", tauShared, "--config", "a/b", "--repeat", "2"},
		{"ingest", "--batch", "x", "--config", "a/b", "--domain", "airline"},
	} {
		if _, _, code := runCLI(t, args...); code != 2 {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
	}
}
