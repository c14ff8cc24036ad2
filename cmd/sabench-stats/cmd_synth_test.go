package main

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/results"
)

// synthOut is the built-in release written once by `synth --out` (seconds of CPU), with
// what the command printed, for the tests that read it; they must not modify it.
// TestMain removes it.
var synthOut struct {
	once           sync.Once
	dir            string
	stdout, stderr string
	code           int
	err            error
}

// synthRelease runs `synth --out` once and returns the release's directory, failing the
// test unless the command succeeded.
func synthRelease(t *testing.T) string {
	t.Helper()
	synthOut.once.Do(func() {
		tmp, err := os.MkdirTemp("", "sabench-synth-")
		if err != nil {
			synthOut.err = err
			return
		}
		synthOut.dir = filepath.Join(tmp, "rel")
		synthOut.stdout, synthOut.stderr, synthOut.code = runCLI(t, "synth", "--out", synthOut.dir)
	})
	if synthOut.err != nil {
		t.Fatal(synthOut.err)
	}
	if synthOut.code != 0 {
		t.Fatalf("synth: exit %d: %s", synthOut.code, synthOut.stderr)
	}
	return synthOut.dir
}

// copyTree copies the regular files under src to dst.
func copyTree(t *testing.T, src, dst string) {
	t.Helper()
	if err := os.CopyFS(dst, os.DirFS(src)); err != nil {
		t.Fatal(err)
	}
}

func TestSynthUsage(t *testing.T) {
	for _, args := range [][]string{
		{"synth"},
		{"synth", "--out", t.TempDir(), "--scale", "0"},
		{"synth", "--out", t.TempDir(), "extra"},
		{"synth", "--no-such-flag"},
	} {
		_, stderr, code := runCLI(t, args...)
		if code != 2 {
			t.Errorf("%v: exit %d, want 2 (stderr %q)", args, code, stderr)
		}
	}
}

// A directory of the user's own (here a real runs.jsonl) is refused, before anything is
// generated, as the usage error it is (exit 2, as every command's unusable --out), and left
// as it was: synth once wrote its synthetic runs over it.
func TestSynthRefusesAForeignDirectory(t *testing.T) {
	dir := t.TempDir()
	runs := filepath.Join(dir, "runs.jsonl")
	if err := os.WriteFile(runs, []byte("{\"mine\": true}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, stderr, code := runCLI(t, "synth", "--out", dir)
	if code != 2 || !strings.Contains(stderr, "was not written by sabench-stats") {
		t.Errorf("exit %d, stderr %q: want a refusal, exit 2", code, stderr)
	}
	if b, err := os.ReadFile(runs); err != nil || string(b) != "{\"mine\": true}\n" {
		t.Errorf("runs.jsonl now holds %.60q, %v", b, err)
	}
	if es, _ := os.ReadDir(dir); len(es) != 1 {
		t.Errorf("the directory holds %d entries, want the user's one", len(es))
	}
}

// TestSynthWrites writes the built-in release and checks the checkout layout.
func TestSynthWrites(t *testing.T) {
	t.Parallel() // overlaps the disk-bound synth write with the CPU-bound scoring
	dir := synthRelease(t)
	stdout, stderr := synthOut.stdout, synthOut.stderr
	// A summary and a note: both on stderr.
	if stdout != "" || !strings.Contains(stderr, "34147 episodes") || !strings.Contains(stderr, "note: the data is synthetic") {
		t.Errorf("stdout %q, stderr %q", stdout, stderr)
	}
	for _, f := range []string{"env/case_manifest.json", "env/cases.json", "env/non_execution_cases.json",
		"env/state_action_cases.json", "env/linear_workflow_cases.json", "env/multi_step_cases.json",
		"env/case_evidence.json", "sets/t9_matched_v1.txt", "sets/t10_balanced.txt",
		"sets/interventions_v1.txt", "sets/interventions_contradicted.txt", "runs.jsonl", "runs.parquet"} {
		if st, err := os.Stat(filepath.Join(dir, f)); err != nil || st.Size() == 0 {
			t.Errorf("%s: missing or empty (%v)", f, err)
		}
	}
	b, err := os.ReadFile(filepath.Join(dir, "sets", "t9_matched_v1.txt"))
	if err != nil || strings.Count(string(b), "\n") != 100 {
		t.Errorf("t9 set: %d lines (%v)", strings.Count(string(b), "\n"), err)
	}
}

// TestSynthReadBackStaysSynthetic: a release written by synth and read back as a bench on
// disk is still marked synthetic (its manifest says dataset_id: sabench-synthetic) in the
// table notes, the JSON meta, the CSV sidecar and the report index, and the meta records
// the hash of every input file. The bench is synth's env/ and sets/ as written, with
// the test subset's episodes as runs.jsonl: the mark and the hashes come from the files,
// not from how many episodes there are, and three full reads, scorings and a report of
// all 34,147 episodes cost most of this package's CPU.
func TestSynthReadBackStaysSynthetic(t *testing.T) {
	if testing.Short() {
		t.Skip("writes and re-reads the built-in release")
	}
	t.Parallel()
	written := synthRelease(t)
	dir := filepath.Join(t.TempDir(), "rel")
	for _, sub := range []string{"env", "sets"} {
		copyTree(t, filepath.Join(written, sub), filepath.Join(dir, sub))
	}
	if err := os.Rename(subsetRuns(t), filepath.Join(dir, "runs.jsonl")); err != nil {
		t.Fatal(err)
	}
	stdout, stderr, code := runCLI(t, "tables", "T1", "--bench", dir, "--format", "json")
	if code != 0 {
		t.Fatalf("tables: exit %d: %s", code, stderr)
	}
	var got struct {
		Notes []string
		Meta  results.Meta
	}
	if err := json.Unmarshal([]byte(stdout), &got); err != nil {
		t.Fatalf("JSON: %v\n%s", err, stdout)
	}
	m := got.Meta
	if len(got.Notes) == 0 || got.Notes[0] != analysis.SyntheticMark {
		t.Errorf("first note %q, want the SYNTHETIC mark", got.Notes)
	}
	if !m.Synthetic || m.Warning != analysis.SyntheticMark || m.Dataset.ID != "sabench-synthetic" || m.Dataset.Version != "synthetic-seed-1" {
		t.Errorf("meta: synthetic %v, warning %q, dataset %+v", m.Synthetic, m.Warning, m.Dataset)
	}
	if m.Tool.Name != "sabench-stats" || m.Tool.Version == "" || m.Intervals.Resamples != 5000 || m.Intervals.Seed != 1 ||
		m.Intervals.Level != 0.95 || m.Intervals.Method != "percentile" || m.Intervals.Quantile != "scipy" || m.Intervals.Unit != "case" ||
		m.SharedHarness != "Inspect" || len(m.Policies) != 1 || m.Policies[0].Name != "safeact" || m.Policies[0].Hash != "7d7b76492f0c" || m.Policies[0].Evaluator != "85c044b" {
		t.Errorf("meta fields: %+v", m)
	}
	// 5 catalogs + case manifest + case evidence + 4 shipped sets + runs.jsonl, each with
	// the SHA-256 of its bytes.
	if len(m.Inputs) != 12 {
		t.Errorf("%d input files, want 12: %+v", len(m.Inputs), m.Inputs)
	}
	for _, f := range m.Inputs {
		b, err := os.ReadFile(f.Path)
		if err != nil {
			t.Fatal(err)
		}
		sum := sha256.Sum256(b)
		if f.SHA256 != hex.EncodeToString(sum[:]) || f.Bytes != int64(len(b)) {
			t.Errorf("%s: recorded %d bytes %s, file has %d bytes %x", f.Path, f.Bytes, f.SHA256, len(b), sum)
		}
	}
	// CSV has no room for metadata: the sidecar holds it.
	csvPath := filepath.Join(t.TempDir(), "T1.csv")
	if _, stderr, code := runCLI(t, "tables", "T1", "--bench", dir, "--format", "csv", "--out", csvPath); code != 0 {
		t.Fatalf("tables csv: exit %d: %s", code, stderr)
	}
	side, err := os.ReadFile(csvPath + ".meta.json")
	if err != nil {
		t.Fatal(err)
	}
	var sc struct {
		Tables []string
		Meta   results.Meta
	}
	if err := json.Unmarshal(side, &sc); err != nil || len(sc.Tables) != 1 || sc.Tables[0] != "T1" || !sc.Meta.Synthetic || len(sc.Meta.Inputs) != 12 {
		t.Errorf("sidecar (%v): %s", err, side)
	}
	out := filepath.Join(t.TempDir(), "rep")
	if _, stderr, code := runCLI(t, "report", "--bench", dir, "--out", out, "--resamples", "0"); code != 0 {
		t.Fatalf("report: exit %d: %s", code, stderr)
	}
	index, err := os.ReadFile(filepath.Join(out, "index.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"**" + analysis.SyntheticMark + "**", "id sabench-synthetic, version synthetic-seed-1", "env/case_manifest.json", "runs.jsonl"} {
		if !strings.Contains(string(index), want) {
			t.Errorf("index.md read back from disk lacks %q", want)
		}
	}
}
