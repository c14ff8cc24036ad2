package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestSummarySaysTrustedKeys: the interactive fixture's two scored SAB-V3-001 runs, on the
// real cases (no query shard), take the recorded evidence_delta_key. score, index.md and
// the viewer said how many; report's and view's stderr summaries did not. They now give
// the sentence on the line after the counts.
func TestSummarySaysTrustedKeys(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	in := []string{"--resamples", "0", "--bench", filepath.Join(ingestTestdata, "safeactbench"),
		"--runs", filepath.Join(harnessTestdata, "interactive.golden.jsonl")}
	const want = "\n2 episodes were scored without the shard replay the evaluator performs (the bench holds no V3 query shard, or a V2 shared-world shard is not replayed): each read's recorded evidence_delta_key was trusted, and a read without one adds no facts (verdict column trusted_keys). Their verdicts can differ from the evaluator's.\n"
	for _, args := range [][]string{
		append([]string{"report", "--out", filepath.Join(dir, "report")}, in...),
		append([]string{"view", "--out", filepath.Join(dir, "index.html")}, in...),
	} {
		_, errOut := mustRun(t, args...)
		i := strings.Index(errOut, "episodes: read ")
		if i < 0 || !strings.HasPrefix(errOut[i+strings.Index(errOut[i:], "\n"):], want) {
			t.Errorf("%s: stderr lacks, after the counts,%s it is\n%s", args[0], want, errOut)
		}
	}
}
