package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// compare --policy A,B --out DIR writes one table per policy and one forest plot: the
// plot draws every policy, its rows prefixed by the policy's name, and its note says so.
func TestCompareForestDrawsEveryPolicy(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "cmp") + string(filepath.Separator)
	mustRun(t, "compare", "--conditions", "--config", "GLM-5.2/Inspect", "scgr_eg", "main", "--bench", "builtin", "--runs", subsetRuns(t),
		"--resamples", "0", "--policy", "near-miss,safeact", "--format", "csv", "--out", dir)
	svg, err := os.ReadFile(filepath.Join(dir, "compare_forest.svg"))
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{"near-miss: All", "safeact: All", "Scored under 2 policies, each row under the one its label begins with"} {
		if !strings.Contains(string(svg), w) {
			t.Errorf("the forest plot lacks %q", w)
		}
	}
}
