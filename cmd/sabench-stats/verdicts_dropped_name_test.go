package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestVerdictsDroppedNamesFilesAlike: report --verdicts named the first dropped duplicate
// by the runs file's base name (the dataset manifest keeps base names, as paths differ
// between machines) but the copy kept by the full path the scoring machine read. Both are
// now the base name.
func TestVerdictsDroppedNamesFilesAlike(t *testing.T) {
	eps := subsetEpisodes(t)
	mod := append(eps[:len(eps):len(eps)], eps[0])
	runs := writeRuns(t, mod)
	dataset := filepath.Join(t.TempDir(), "verdicts") + "/"
	mustRun(t, "score", "--bench", "builtin", "--runs", runs, "--dedupe", "first", "--format", "parquet", "--out", dataset)
	_, errOut := mustRun(t, "report", "--bench", "builtin", "--verdicts", dataset, "--out", t.TempDir())
	line := ""
	for _, l := range strings.Split(errOut, "\n") {
		if strings.Contains(l, "the first:") {
			line = l
		}
	}
	base := filepath.Base(runs)
	if line == "" || strings.Contains(line, filepath.Dir(runs)) || strings.Count(line, base+":") != 2 {
		t.Errorf("the dropped duplicate and its keeper are not both named %s:\n%s", base, line)
	}
}
