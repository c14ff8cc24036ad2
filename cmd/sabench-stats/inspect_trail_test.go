package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/ingest/inspect/inspecttest"
)

// leaderboard --inspect of models "trail " and "trail" printed both as trail in its
// text, Markdown and LaTeX tables, and its log's note said "model trail , 10 samples";
// the one with a space at its end is quoted in both.
func TestInspectLeaderboardTrailingSpaceModel(t *testing.T) {
	t.Parallel()
	dir := trailLogs(t)
	for _, f := range []string{"text", "md", "latex"} {
		out, _ := mustRun(t, "leaderboard", "--inspect", dir, "--resamples", "0", "--format", f)
		if !strings.Contains(out, `"trail "`) || !strings.Contains(out, `model "trail ", 10 samples`) {
			t.Errorf("%s: the model \"trail \" is not quoted:\n%s", f, out)
		}
	}
}

// compare --inspect of those models titled its table "A = trail , B = trail" and its note
// "A = model trail  (1 log: …)": the one with a space at its end is quoted.
func TestInspectCompareTrailingSpaceModel(t *testing.T) {
	t.Parallel()
	dir := trailLogs(t)
	out, _ := mustRun(t, "compare", "--inspect", "--logs", dir, "--resamples", "0", "trail ", "trail")
	for _, w := range []string{`A = "trail ", B = "trail"`, `A = model "trail " (1 log: `, `; B = model trail (1 log: `} {
		if !strings.Contains(out, w) {
			t.Errorf("lacks %q:\n%s", w, out)
		}
	}
}

// trailLogs writes two logs of one task, of models "trail " and "trail".
func trailLogs(t *testing.T) string {
	dir := t.TempDir()
	src := filepath.Join("..", "..", "ingest", "inspect", "testdata", "logs", "2025-02-11T15-18-04-05-00_popularity_mj7khqpMM4GBCfVQozKgzB.eval")
	for i, model := range []string{"trail ", "trail"} {
		data := inspecttest.RewriteFile(t, src, func(_ string, b []byte) []byte {
			return bytes.ReplaceAll(b, []byte(`"openai/gpt-4o-mini"`), []byte(`"`+model+`"`))
		})
		if err := os.WriteFile(filepath.Join(dir, []string{"a.eval", "b.eval"}[i]), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}
