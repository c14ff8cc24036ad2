package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestViewerSaysTrustedKeys: the interactive fixture's two scored SAB-V3-001 runs, scored
// on the real cases, which hold no query shard, take the recorded evidence_delta_key where
// the evaluator replays the shard. score and index.md say how many; the viewer's notes
// under the title did not. They now give index.md's sentence.
func TestViewerSaysTrustedKeys(t *testing.T) {
	t.Parallel()
	chromiumPath(t)
	page := filepath.Join(t.TempDir(), "index.html")
	mustRun(t, "view", "--out", page, "--resamples", "0", "--bench", filepath.Join(ingestTestdata, "safeactbench"),
		"--runs", filepath.Join(harnessTestdata, "interactive.golden.jsonl"))
	b, stop := newBrowser(t)
	defer stop()
	b.open(t, page, "leaderboard", "#v-leaderboard")
	notes := evalJS[[]string](t, b, `Array.from(document.querySelectorAll('header > p')).map(function(p){return p.textContent})`)
	const want = "2 episodes were scored without the shard replay the evaluator performs (the bench holds no V3 query shard, or a V2 shared-world shard is not replayed): each read's recorded evidence_delta_key was trusted, and a read without one adds no facts (verdict column trusted_keys). Their verdicts can differ from the evaluator's."
	for _, n := range notes {
		if n == want {
			return
		}
	}
	t.Errorf("the viewer's notes lack\n%s\nthey are\n%s", want, strings.Join(notes, "\n"))
}
