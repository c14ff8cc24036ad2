package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestRunsNeedBench: episodes given without --bench are a usage error naming --bench
// (the real cases share the synthetic cases' ids, so scoring them against the built-in
// cases would look plausible and be wrong); --bench builtin names the built-in cases.
func TestRunsNeedBench(t *testing.T) {
	t.Parallel()
	real := filepath.Join(harnessTestdata, "batch.golden.jsonl")
	for _, args := range [][]string{
		{"score", "--runs", real},
		{"tables", "T2", "--runs", real},
		{"report", "--runs", real, "--out", t.TempDir()},
		{"figures", "--runs", real, "--out", t.TempDir()},
		{"validate", real},
		{"tables", "--verdicts", t.TempDir()},
	} {
		_, stderr, code := runCLI(t, args...)
		if code != 2 || !strings.Contains(stderr, "needs --bench") || !strings.Contains(stderr, "--bench builtin") {
			t.Errorf("%v: exit %d, stderr %q; want a usage error naming --bench", args, code, stderr)
		}
	}
	out, stderr := mustRun(t, "score", "--runs", subsetRuns(t), "--bench", "builtin")
	if n := strings.Count(out, "\n"); n == 0 || !strings.Contains(stderr, "score: read 836 episodes") {
		t.Errorf("--bench builtin: %d verdict lines, stderr %q", n, stderr)
	}
	out, _ = mustRun(t, "score", "--runs", real, "--bench", filepath.Join(ingestTestdata, "safeactbench"))
	if n := strings.Count(out, "\n"); n != 8 {
		t.Errorf("real cases: %d verdict lines, want 8 (batch.golden.jsonl)", n)
	}
}
