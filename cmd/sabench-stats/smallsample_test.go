package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSmallSampleWarnings: T10 on 5 paired cases printed "95% CI [0.0, +20.0]" with no
// caveat, where the coverage simulation (docs/coverage.md) finds such an interval covering
// 0.57–0.81; now every such interval carries small_sample, named in the notes and the
// JSON warnings.
func TestSmallSampleWarnings(t *testing.T) {
	rel := synthRelease(t)
	ids, err := os.ReadFile(filepath.Join(rel, "sets", "t10_balanced.txt"))
	if err != nil {
		t.Fatal(err)
	}
	set := filepath.Join(t.TempDir(), "five.txt")
	if err := os.WriteFile(set, []byte(strings.Join(strings.Fields(string(ids))[:5], "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out, errOut, code := runCLI(t, "tables", "T10", "--set", "t10_balanced="+set, "--resamples", "1000", "--format", "json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var tb struct {
		Rows      []map[string]any `json:"rows"`
		Notes     []string         `json:"notes"`
		Intervals struct {
			Warnings []struct {
				Row  int    `json:"row"`
				Kind string `json:"kind"`
			} `json:"warnings"`
		} `json:"intervals"`
	}
	if err := json.Unmarshal([]byte(out), &tb); err != nil {
		t.Fatal(err)
	}
	small := map[int]bool{}
	for _, w := range tb.Intervals.Warnings {
		if w.Kind == "small_sample" {
			small[w.Row] = true
		}
	}
	for i, row := range tb.Rows {
		_, has := row["delta_lo"].(float64)
		if has && !small[i+1] {
			t.Errorf("row %d (%v, %v cases): an interval without small_sample", i+1, row["config"], row["cases"])
		}
	}
	if len(small) == 0 || !strings.Contains(strings.Join(tb.Notes, "\n"), "small_sample") {
		t.Errorf("no small_sample note:\n%s", strings.Join(tb.Notes, "\n"))
	}
}
