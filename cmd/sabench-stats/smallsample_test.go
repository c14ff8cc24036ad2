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
	t.Parallel()
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

// TestClusteredUnitsPerCell: with --clustered, the interventions table's note said
// "template_id 168" (the release's clusters) while its cells resample far fewer; now each
// cell's count is in the data (intervals.units, ci_units), the notes give the range, and
// cells below 40 clusters carry small_sample.
func TestClusteredUnitsPerCell(t *testing.T) {
	out, errOut, code := runCLI(t, "tables", "interventions", "--clustered", "--resamples", "1000", "--format", "json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var tb struct {
		Rows      []map[string]any `json:"rows"`
		Notes     []string         `json:"notes"`
		Intervals struct {
			Units []struct {
				Row   int `json:"row"`
				Units int `json:"units"`
			} `json:"units"`
			Warnings []struct {
				Row  int    `json:"row"`
				Kind string `json:"kind"`
			} `json:"warnings"`
		} `json:"intervals"`
	}
	if err := json.Unmarshal([]byte(out), &tb); err != nil {
		t.Fatal(err)
	}
	if len(tb.Intervals.Units) != len(tb.Rows) || len(tb.Rows) == 0 {
		t.Fatalf("%d unit counts for %d rows", len(tb.Intervals.Units), len(tb.Rows))
	}
	small := map[int]bool{}
	for _, w := range tb.Intervals.Warnings {
		if w.Kind == "small_sample" {
			small[w.Row] = true
		}
	}
	for _, u := range tb.Intervals.Units {
		if u.Units < 2 || u.Units >= 43 {
			t.Errorf("row %d: %d clusters (the set has 43 cases)", u.Row, u.Units)
		}
		if u.Units < 40 && !small[u.Row] {
			t.Errorf("row %d: %d clusters without small_sample", u.Row, u.Units)
		}
	}
	if !strings.Contains(strings.Join(tb.Notes, "\n"), " per interval; in the whole release: 168 clusters by template_id)") {
		t.Errorf("no units note:\n%s", strings.Join(tb.Notes, "\n"))
	}
}

// TestCompareKeepsWarnings: compare built its cells without their caveats, so an empty
// interval had no reason and a small-sample one no warning; now both Δ columns report them
// (the Legacy, V1 and V2 rows resample 21–30 templates on the built-in release).
func TestCompareKeepsWarnings(t *testing.T) {
	out, errOut, code := runCLI(t, "compare", "Claude-5/Claude Code", "Claude-5/Inspect", "--resamples", "1000", "--format", "json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var tb struct {
		Rows      []map[string]any `json:"rows"`
		Notes     []string         `json:"notes"`
		Intervals *struct {
			Warnings []struct {
				Label, Column, Kind string
			} `json:"warnings"`
		} `json:"intervals"`
	}
	if err := json.Unmarshal([]byte(out), &tb); err != nil {
		t.Fatal(err)
	}
	if tb.Intervals == nil {
		t.Fatal("no intervals object: the caveats are dropped")
	}
	got := map[string]bool{}
	for _, w := range tb.Intervals.Warnings {
		got[w.Label+" "+w.Column+" "+w.Kind] = true
	}
	for _, want := range []string{"Legacy delta_clustered small_sample", "V1 delta_clustered small_sample", "V2 delta_clustered small_sample"} {
		if !got[want] {
			t.Errorf("no %q among %v", want, got)
		}
	}
	if !strings.Contains(strings.Join(tb.Notes, "\n"), "Interval caveat small_sample") {
		t.Errorf("no caveat note:\n%s", strings.Join(tb.Notes, "\n"))
	}
}
