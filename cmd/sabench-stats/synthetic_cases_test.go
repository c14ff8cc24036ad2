package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/analysis"
)

// TestSyntheticCasesMark: the user's episodes scored against the built-in cases are not
// generated data; every place the SYNTHETIC mark appears says that only the cases are
// synthetic, and none carries the mark of generated episodes.
func TestSyntheticCasesMark(t *testing.T) {
	t.Parallel()
	runs := subsetRuns(t)
	dir := filepath.Join(t.TempDir(), "rep")
	mustRun(t, "report", "--bench", "builtin", "--runs", runs, "--resamples", "0", "--out", dir)
	// The figures wrap the caption: its first words are enough there.
	const head = "SYNTHETIC DATA (cases only): the case specs"
	wants := map[string]string{
		"index.md": analysis.SyntheticCasesMark, "tables/T2.json": analysis.SyntheticCasesMark,
		"tables/T2.csv.meta.json": analysis.SyntheticCasesMark, "tables/T2.md": analysis.SyntheticCasesMark,
		"figures/ecs_by_protocol.svg": head, "index.html": head,
	}
	for _, name := range []string{"index.md", "tables/T2.json", "tables/T2.csv.meta.json", "tables/T2.md", "figures/ecs_by_protocol.svg", "index.html"} {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		if s := string(b); !strings.Contains(s, wants[name]) || strings.Contains(s, "calibrated to the paper") {
			t.Errorf("%s: lacks %q or carries the generated data's mark", name, wants[name])
		}
	}
	// CSV on stdout: the mark goes to stderr.
	_, stderr := mustRun(t, "tables", "T2", "--bench", "builtin", "--runs", runs, "--resamples", "0", "--format", "csv")
	if !strings.Contains(stderr, analysis.SyntheticCasesMark) || strings.Contains(stderr, analysis.SyntheticMark) {
		t.Errorf("stderr:\n%s", stderr)
	}
	// A verdict dataset keeps it (its manifest).
	vd := filepath.Join(t.TempDir(), "vd")
	mustRun(t, "score", "--bench", "builtin", "--runs", runs, "--format", "parquet", "--out", vd)
	out, _ := mustRun(t, "tables", "T2", "--verdicts", vd, "--bench", "builtin", "--resamples", "0")
	if !strings.Contains(out, analysis.SyntheticCasesMark) || strings.Contains(out, analysis.SyntheticMark) {
		t.Errorf("tables --verdicts:\n%s", out)
	}
}
