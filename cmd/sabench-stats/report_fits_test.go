package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// relabel writes the real-case fixture episodes (harness/batch.golden.jsonl: 8 episodes of
// the ten real SafeActBench cases, CC BY 4.0, see ingest/testdata/safeactbench) once per
// configuration, renamed; keep, when set, says which cases a configuration ran.
func relabel(t *testing.T, path string, configs []string, keep func(config, caseID string) bool) {
	t.Helper()
	in, err := os.Open(filepath.Join(harnessTestdata, "batch.golden.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	var eps []map[string]any
	sc := bufio.NewScanner(in)
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		var e map[string]any
		if err := json.Unmarshal(sc.Bytes(), &e); err != nil {
			t.Fatal(err)
		}
		eps = append(eps, e)
	}
	var b strings.Builder
	for _, c := range configs {
		model, harness, _ := strings.Cut(c, "/")
		for _, e := range eps {
			id := e["case_id"].(string)
			if keep != nil && !keep(c, id) {
				continue
			}
			e["config"], e["model"], e["harness"] = c, model, harness
			e["run_id"] = fmt.Sprintf("%s|%s|%v", c, id, e["repeat"])
			line, _ := json.Marshal(e)
			b.Write(line)
			b.WriteByte('\n')
		}
	}
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestReportFitsAnyNames: report on the real cases exits 0 and writes every table and every
// figure there is data for, whatever the configurations are called: one m/h, ten short
// names, 40 configurations c00/h00…c39/h39, and 120-character names (with the shared
// harness, so that the harness forest is drawn too). A model whose two configurations
// share no case gets no forest row, and one without a shared-harness configuration none
// either: both said in the index and on stderr.
func TestReportFitsAnyNames(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("M", 50) + strings.Repeat("é", 50)
	longFam := long + "/" + strings.Repeat("h", 19)
	if n := len([]rune(longFam)); n != 120 {
		t.Fatalf("long name has %d characters", n)
	}
	names := func(n int, f string) []string {
		out := make([]string, n)
		for i := range out {
			out[i] = fmt.Sprintf(f, i, i)
		}
		return out
	}
	disjoint := func(config, caseID string) bool {
		return strings.HasSuffix(config, "/Inspect") == (caseID < "SAB-V1")
	}
	for _, tc := range []struct {
		name    string
		configs []string
		keep    func(config, caseID string) bool
		figures int
		notes   []string
	}{
		{"m/h", []string{"m/h"}, nil, 3, []string{"harness_differences: no model has both", "policy_ranks: only one configuration ranked (m/h)"}},
		{"ten", names(10, "m%d/h%d"), nil, 4, nil},
		{"forty", names(40, "c%02d/h%02d"), nil, 4, nil},
		// The long names (no space, one "/") are broken between letters where they must:
		// failure_types and ecs_by_protocol are not widened for them (both were, to
		// fit them on one line).
		{"120 characters", []string{longFam, long + "/Inspect"}, nil, 5, nil},
		{"disjoint harnesses", []string{"x/fam", "x/Inspect"}, disjoint, 4, []string{"harness_differences, the row of x: no V0–V3 case that both of its configurations ran"}},
		{"a model without the shared harness", []string{"x/fam", "x/Inspect", "y/fam"}, nil, 5, []string{"harness_differences, a row for y/fam: no pair of a configuration with the shared harness Inspect and another of the same model"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			runs := filepath.Join(dir, "runs.jsonl")
			relabel(t, runs, tc.configs, tc.keep)
			out := filepath.Join(dir, "report")
			_, stderr, code := runCLI(t, "report", "--bench", filepath.Join(ingestTestdata, "safeactbench", "cases"), "--runs", runs, "--out", out, "--resamples", "0", "-j", "2")
			if code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			tables, _ := filepath.Glob(filepath.Join(out, "tables", "*.txt"))
			figs, _ := filepath.Glob(filepath.Join(out, "figures", "*.png"))
			if len(tables) != 20 || len(figs) != tc.figures {
				t.Errorf("%d tables, %d figures (want 20, %d): %s", len(tables), len(figs), tc.figures, stderr)
			}
			index, _ := os.ReadFile(filepath.Join(out, "index.md"))
			for _, note := range tc.notes {
				if !strings.Contains(string(index), note) || !strings.Contains(stderr, "not written: "+note) {
					t.Errorf("%q missing from stderr or index:\n%s", note, stderr)
				}
			}
			// The figures that name configurations beside their data wrap the names; the
			// heat map's domains and the rank plot's policies may still widen theirs.
			for _, line := range strings.Split(string(index), "\n") {
				if (strings.HasPrefix(line, "- failure_types:") || strings.HasPrefix(line, "- ecs_by_protocol:")) && strings.Contains(line, "to fit its names") {
					t.Errorf("widened for the configurations' names: %s", line)
				}
			}
			// Forty configurations' ecs_by_protocol is taller than a page at any width; the
			// index says so (figures.PageNote).
			if tc.name == "forty" && !strings.Contains(string(index), "png) (drawn 11.3 in tall, more than a page's 9 in: too many rows for one figure on a page)") {
				t.Errorf("ecs_by_protocol of forty configurations not said to be taller than a page:\n%s", index)
			}
			if strings.Contains(stderr, "cannot be drawn") {
				t.Errorf("a figure was not drawn: %s", stderr)
			}
		})
	}
}
