package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/results"
)

// TestReportWritesEverythingAndReplacesOnlyReports runs the main job on the built-in
// bench with the test subset's episodes (few resamples) and checks the files, the index,
// the summary, and that --out never replaces a directory that is not an earlier report.
// The subset has every condition and protocol, two models with both their harnesses and
// excluded episodes of two kinds, so every table, figure and index entry checked here is
// written, under the bench's synthetic mark and dataset: none of it depends on the
// number of episodes, and the whole release (34,147 episodes, an 11 MB viewer) cost 6.9
// CPU-s against 1.5. TestScoreBuiltin reconciles the whole built-in release, read by
// default; BenchmarkReport measures the report of it.
func TestReportWritesEverythingAndReplacesOnlyReports(t *testing.T) {
	t.Parallel() // CPU-bound
	if testing.Short() {
		t.Skip("scores the built-in release")
	}
	dir := t.TempDir()
	out := filepath.Join(dir, "rep")
	stdout, stderr, code := runCLI(t, "report", "--bench", "builtin", "--runs", subsetRuns(t), "--out", out, "--resamples", "50", "--force", "-j", "2")
	if code != 0 {
		t.Fatalf("report: exit %d, stderr %s", code, stderr)
	}
	// The report's product is its directory: the summary is on stderr, stdout is empty.
	if stdout != "" {
		t.Errorf("stdout not empty:\n%s", stdout)
	}
	// The summary reconciles the input: every episode read, the others excluded by status.
	eps := subsetEpisodes(t)
	excluded := map[string]int{}
	for _, ep := range eps {
		if ep.Status != ingest.StatusCompleted {
			excluded[ep.Status]++
		}
	}
	harness, infra := excluded[ingest.StatusHarnessFailure], excluded[ingest.StatusInfraFailure]
	if harness == 0 || infra == 0 || len(excluded) != 2 {
		t.Fatalf("the subset's excluded episodes are %v: want harness and infra failures only", excluded)
	}
	summary := fmt.Sprintf("episodes: read %d, scored %d, excluded %d harness_failure, %d infra_failure", len(eps), len(eps)-harness-infra, harness, infra)
	if !strings.Contains(stderr, summary) {
		t.Errorf("summary does not reconcile the input (want %q):\n%s", summary, stderr)
	}
	if !strings.Contains(stderr, "T2: Main results") {
		t.Errorf("summary does not show T2:\n%s", stderr)
	}
	index, err := os.ReadFile(filepath.Join(out, "index.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"**" + analysis.SyntheticCasesMark + "**", "## Provenance", "id sabench-synthetic, version synthetic-seed-1", "tables/T2.md", "tables/T2.csv.meta.json", "tables/policy_ranks.json", "figures/failure_types.svg", "figures/policy_ranks.png"} {
		if !strings.Contains(string(index), want) {
			t.Errorf("index.md lacks %q", want)
		}
	}
	tables, _ := filepath.Glob(filepath.Join(out, "tables", "*"))
	figs, _ := filepath.Glob(filepath.Join(out, "figures", "*"))
	if len(tables) != len(results.Registry)*6 || len(figs) != 5*3 { // every registry table (20 with cost) × 5 formats + the CSV sidecar
		t.Errorf("%d table files (want %d) and %d figure files (want 15)", len(tables), len(results.Registry)*6, len(figs))
	}
	// Every figure of synthetic data carries the warning inside the image.
	for _, f := range []string{"failure_types.svg", "policy_ranks.svg"} {
		b, err := os.ReadFile(filepath.Join(out, "figures", f))
		if err != nil || !strings.Contains(string(b), "SYNTHETIC DATA") {
			t.Errorf("%s has no SYNTHETIC caption (%v)", f, err)
		}
	}
	// An earlier report is replaced; a foreign directory is not touched. These runs read
	// the small real fixture: what they check does not depend on the input's size.
	small := []string{"--bench", filepath.Join(ingestTestdata, "safeactbench"), "--runs", filepath.Join(harnessTestdata, "batch.golden.jsonl"), "--resamples", "0"}
	if _, stderr, code := runCLI(t, append([]string{"report", "--out", out}, small...)...); code != 0 {
		t.Fatalf("replacing an earlier report: exit %d, %s", code, stderr)
	}
	foreign := filepath.Join(dir, "work")
	if err := os.MkdirAll(foreign, 0o755); err != nil {
		t.Fatal(err)
	}
	keep := filepath.Join(foreign, "notes.txt")
	if err := os.WriteFile(keep, []byte("mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, stderr, code = runCLI(t, append([]string{"report", "--out", foreign}, small...)...)
	if code != 2 || !strings.Contains(stderr, "was not written by sabench-stats") {
		t.Errorf("foreign --out: exit %d, stderr %q; want exit 2", code, stderr)
	}
	if b, err := os.ReadFile(keep); err != nil || string(b) != "mine" {
		t.Errorf("foreign directory was touched: %v %q", err, b)
	}
	if index, err := os.ReadFile(filepath.Join(out, "index.md")); err != nil || strings.Contains(string(index), "SYNTHETIC") {
		t.Errorf("the earlier report was not replaced by the new one (%v)", err)
	}
	leftovers, _ := filepath.Glob(filepath.Join(dir, ".*tmp-*"))
	if len(leftovers) != 0 {
		t.Errorf("temporary directories left behind: %v", leftovers)
	}
}

// TestReportWithoutMainEpisodes: an input with no main-condition episode (the real-case
// fixture relabelled as a withheld condition) still gets every table (empty ones say
// why), no figure, and the index and stderr say what was skipped. (An input with no
// episode at all is an error: TestInputErrorsNameTheFlag.)
func TestReportWithoutMainEpisodes(t *testing.T) {
	dir := t.TempDir()
	runs := filepath.Join(dir, "runs.jsonl")
	golden, err := os.ReadFile(filepath.Join(harnessTestdata, "batch.golden.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(runs, bytes.ReplaceAll(golden, []byte(`"condition":"main"`), []byte(`"condition":"withheld"`)), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "report")
	_, stderr, code := runCLI(t, "report", "--bench", filepath.Join("..", "..", "ingest", "testdata", "safeactbench"), "--runs", runs, "--out", out, "--resamples", "0")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if !strings.Contains(stderr, "not written: every figure: no scored main-condition episodes") {
		t.Errorf("stderr does not say what was skipped: %q", stderr)
	}
	index, err := os.ReadFile(filepath.Join(out, "index.md"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(index), "- Not written: every figure: no scored main-condition episodes.") {
		t.Errorf("index does not say what was skipped:\n%s", index)
	}
	t2, err := os.ReadFile(filepath.Join(out, "tables", "T2.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(t2), "Empty: no scored main-condition episodes.") {
		t.Errorf("empty T2 gives no reason:\n%s", t2)
	}
	if !strings.Contains(stderr, "table T2 is empty: no scored main-condition episodes") {
		t.Errorf("stderr does not say T2 is empty: %q", stderr)
	}
	if !strings.Contains(string(index), "- Empty table T2: no scored main-condition episodes.") {
		t.Errorf("index does not list the empty T2:\n%s", index)
	}
	if figs, _ := filepath.Glob(filepath.Join(out, "figures", "*")); len(figs) != 0 {
		t.Errorf("figures written: %v", figs)
	}
}
