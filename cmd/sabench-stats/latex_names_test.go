package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestLaTeXNamesPdflatexCannotSet: a configuration named in CJK reached the LaTeX tables
// without a word, and pdflatex stopped at (or left out) its characters; the figures already
// flagged it. The LaTeX outputs now flag it as well: on stderr where a command writes LaTeX,
// and in the report's index.
func TestLaTeXNamesPdflatexCannotSet(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join(harnessTestdata, "batch.golden.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	runs := filepath.Join(t.TempDir(), "runs.jsonl")
	if err := os.WriteFile(runs, []byte(strings.ReplaceAll(string(raw), `"config":"claude-5/claude-code"`, `"config":"模型/claude-code"`)), 0o644); err != nil {
		t.Fatal(err)
	}
	small := []string{"--bench", filepath.Join(ingestTestdata, "safeactbench"), "--runs", runs, "--resamples", "0"}
	const want = `pdflatex cannot set characters of "模型/claude-code" (LaTeX table T2): it stops at them`
	_, stderr := mustRun(t, append([]string{"tables", "T2", "--format", "latex"}, small...)...)
	if !strings.Contains(stderr, "sabench-stats tables: "+want) {
		t.Errorf("tables --format latex: stderr lacks %q:\n%s", want, stderr)
	}
	if _, stderr := mustRun(t, append([]string{"tables", "T2", "--format", "text"}, small...)...); strings.Contains(stderr, "pdflatex") {
		t.Errorf("tables --format text flags LaTeX:\n%s", stderr)
	}
	out := filepath.Join(t.TempDir(), "rep")
	mustRun(t, append([]string{"report", "--out", out}, small...)...)
	index, err := os.ReadFile(filepath.Join(out, "index.md"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(index), "\n- LaTeX: pdflatex cannot set characters of \"模型/claude-code\" (LaTeX tables T2,") ||
		!strings.Contains(string(index), `the bundled font lacks characters of "模型/claude-code"`) {
		t.Errorf("index.md flags the LaTeX tables or the figures not:\n%s", index)
	}
}
