package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestIngestBatch(t *testing.T) {
	stdout, stderr, code := runCLI(t, "ingest", "--batch", filepath.Join(harnessTestdata, "batch"),
		"--config", "claude-5/claude-code", "--repeat", "2")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	want, _ := os.ReadFile(filepath.Join(harnessTestdata, "batch.golden.jsonl"))
	if stdout != string(want) {
		t.Errorf("episodes differ from the library's golden file:\n%s", stdout)
	}
	for _, want := range []string{"ingested 8 episodes in analyst mode (completed 5, infra_failure 1, harness_failure 2, censored 0); 2 warnings",
		"accuracy 3/8 = 37.5%", "summary.json agrees", "warning: "} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr)
		}
	}
	stdout, stderr, code = runCLI(t, "ingest", "--batch", filepath.Join(harnessTestdata, "batch"),
		"--config", "claude-5/claude-code", "--status-mode", "runner")
	want, _ = os.ReadFile(filepath.Join(harnessTestdata, "batch.runner.golden.jsonl"))
	if code != 0 || stdout != string(want) || !strings.Contains(stderr, "ingested 9 episodes in runner mode (completed 8, infra_failure 0, harness_failure 1") {
		t.Errorf("runner mode: exit %d, %s", code, stderr)
	}
}

func TestIngestInteractiveToParquet(t *testing.T) {
	out := filepath.Join(t.TempDir(), "i.parquet")
	_, stderr, code := runCLI(t, "ingest", "--interactive", filepath.Join(harnessTestdata, "interactive"),
		"--config", "z-ai/glm-5.2/openrouter", "--condition", "scgr_eg", "--out", out)
	if code != 0 || !strings.Contains(stderr, "censored 1") {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	want, _ := os.ReadFile(filepath.Join(harnessTestdata, "interactive.golden.jsonl"))
	if stdout, stderr, code := runCLI(t, "convert", out, "-"); code != 0 || stdout != string(want) {
		t.Errorf("convert to stdout: exit %d (%s)\n%s", code, stderr, stdout)
	}
	back := filepath.Join(t.TempDir(), "i.jsonl")
	if _, stderr, code := runCLI(t, "convert", out, back); code != 0 {
		t.Fatalf("convert: %s", stderr)
	}
	got, _ := os.ReadFile(back)
	if string(got) != string(want) {
		t.Errorf("episodes differ from the library's golden file:\n%s", got)
	}
}

func TestIngestUsage(t *testing.T) {
	for _, args := range [][]string{
		{"ingest", "--config", "a/b"},
		{"ingest", "--batch", "x", "--interactive", "y", "--config", "a/b"},
		{"ingest", "--batch", "x"},
		{"ingest", "--batch", "x", "--config", "a/b", "--repeat", "-1"},
		{"ingest", "--batch", "x", "--config", "a/b", "--repeat-from", "dirname"},
		{"ingest", "--interactive", "x", "--config", "a/b", "--repeat-from", "seed"},
		{"ingest", "--batch", "x", "--config", "a/b", "--status-mode", "paper"},
	} {
		if _, _, code := runCLI(t, args...); code != 2 {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
	}
	if _, _, code := runCLI(t, "ingest", "--batch", t.TempDir(), "--config", "a/b"); code != 1 {
		t.Errorf("empty batch dir: exit %d, want 1", code)
	}
}

// TestIngestInspectNeedsBench: the bench sorts an Inspect sample's tool calls into reads
// and actions, and the built-in cases carry the released ids with tools of their own, so
// real logs read against them by default were written with their reads as actions. As
// score --inspect does, ingest --inspect asks for --bench (builtin to mean the built-in
// cases) before reading a log.
func TestIngestInspectNeedsBench(t *testing.T) {
	out := filepath.Join(t.TempDir(), "x.jsonl")
	_, stderr, code := runCLI(t, "ingest", "--inspect", inspectLogs, "--out", out)
	if want := "--inspect needs --bench: pass --bench DIR"; code != 2 || !strings.Contains(stderr, want) {
		t.Errorf("exit %d, stderr %q; want 2 and %q", code, stderr, want)
	}
	// Named, the logs are read (Inspect's own test logs are no SafeActBench task).
	_, stderr, code = runCLI(t, "ingest", "--inspect", inspectLogs, "--bench", "builtin", "--out", out)
	if want := "not a SafeActBench task"; code != 1 || !strings.Contains(stderr, want) {
		t.Errorf("--bench builtin: exit %d, stderr %q; want 1 and %q", code, stderr, want)
	}
}
