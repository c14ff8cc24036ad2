package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// splitTau writes the real τ-bench file's trajectories as two files (the first n, the
// rest) and returns their paths.
func splitTau(t *testing.T, n int) (string, string) {
	t.Helper()
	data, err := os.ReadFile(tauShared)
	if err != nil {
		t.Fatal(err)
	}
	var all []json.RawMessage
	if err := json.Unmarshal(data, &all); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	var paths []string
	for i, part := range [][]json.RawMessage{all[:n], all[n:]} {
		b, err := json.Marshal(part)
		if err != nil {
			t.Fatal(err)
		}
		p := filepath.Join(dir, []string{"a.json", "b.json"}[i])
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, p)
	}
	return paths[0], paths[1]
}

// TestIngestTauFileOrder: ingest --tau wrote the episodes in the order the files were
// given, so `--tau b.json a.json` and `--tau a.json b.json` wrote different bytes (and the
// viewer listed the episodes apart), where --runs and --inspect read their files sorted.
// The files are read sorted by name: the same bytes in either order.
func TestIngestTauFileOrder(t *testing.T) {
	a, b := splitTau(t, 50)
	dir := t.TempDir()
	var outs [][]byte
	for i, files := range [][]string{{a, b}, {b, a}} {
		out := filepath.Join(dir, []string{"ab.jsonl", "ba.jsonl"}[i])
		_, stderr := mustRun(t, "ingest", "--tau", files[0], files[1], "--config", "gpt-4o/tool-calling", "--out", out)
		if want := "written from " + a + ", " + b; !bytes.Contains([]byte(stderr), []byte(want)) {
			t.Errorf("%v: stderr %q, want %q", files, stderr, want)
		}
		data, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		outs = append(outs, data)
	}
	if !bytes.Equal(outs[0], outs[1]) {
		t.Errorf("ingest --tau a b and b a wrote different bytes (%d and %d)", len(outs[0]), len(outs[1]))
	}
}

// treeBytes reads every file under dir, by its path relative to dir.
func treeBytes(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		rel, _ := filepath.Rel(dir, p)
		out[rel] = b
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// sameTrees fails the test when two trees differ in a file's presence or bytes.
func sameTrees(t *testing.T, what string, a, b map[string][]byte) {
	t.Helper()
	for name, x := range a {
		if y, ok := b[name]; !ok {
			t.Errorf("%s: %s written by one run only", what, name)
		} else if !bytes.Equal(x, y) {
			t.Errorf("%s: %s differs (%d and %d bytes)", what, name, len(x), len(y))
		}
	}
	for name := range b {
		if _, ok := a[name]; !ok {
			t.Errorf("%s: %s written by one run only", what, name)
		}
	}
}

// TestReportRealCasesAnyWorkers: report on the ten real cases under six configurations
// (three models, each with its own harness and Inspect; three repeats, a quarter of the
// episodes failed) writes the same bytes with -j 1 and -j 7. The policy_ranks figure of
// these six short names under the five report policies fits only at the last widening,
// where the report panicked (an empty SVG canvas).
func TestReportRealCasesAnyWorkers(t *testing.T) {
	bench := filepath.Join(ingestTestdata, "safeactbench")
	configs := []string{"m1/h1", "m1/inspect", "m2/h2", "m2/inspect", "m3/h3", "m3/inspect"}
	runs := writeRepeats(t, bench, configs, 3, func(config, caseID string, repeat int) bool {
		return (len(config)*7+len(caseID)*3+repeat*5+int(caseID[len(caseID)-1]))%4 == 0
	})
	dir := t.TempDir()
	var trees []map[string][]byte
	for _, j := range []string{"1", "7"} {
		out := filepath.Join(dir, "j"+j)
		mustRun(t, "report", "--bench", bench, "--runs", runs, "--resamples", "1000", "-j", j, "--out", out)
		trees = append(trees, treeBytes(t, out))
	}
	if len(trees[0]) < 100 {
		t.Fatalf("report wrote %d files", len(trees[0]))
	}
	sameTrees(t, "report -j 1 and -j 7", trees[0], trees[1])
}

// TestInputOrderBySpelling: the same files, one named by a relative path and one by an
// absolute one, were read in the order of the names as spelled ("../x" sorts before
// "/tmp/…"), so T2 listed the configurations of the second file first, and samples the rows
// of the second log first, unlike the same files both named alike. They are read in the order
// of where they are (ingest/paths), whatever the spelling and the order given.
func TestInputOrderBySpelling(t *testing.T) {
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	rel := func(p string) string {
		r, err := filepath.Rel(wd, p)
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	abs := func(p string) string {
		a, err := filepath.Abs(p)
		if err != nil {
			t.Fatal(err)
		}
		return a
	}
	bench := filepath.Join(ingestTestdata, "safeactbench")
	// Two files in two temporary folders: a's sorts first by where it is.
	a := writeRepeats(t, bench, []string{"m1/h1", "m1/inspect"}, 1, nil)
	b := writeRepeats(t, bench, []string{"m2/h2", "m2/inspect"}, 1, func(_, caseID string, _ int) bool { return caseID < "SAB-V1" })
	if abs(a) > abs(b) {
		a, b = b, a
	}
	alike, _ := mustRun(t, "tables", "T2", "--bench", bench, "--runs", abs(a), "--runs", abs(b), "--resamples", "0")
	mixed, _ := mustRun(t, "tables", "T2", "--bench", bench, "--runs", rel(b), "--runs", abs(a), "--resamples", "0")
	if alike != mixed {
		t.Errorf("T2 of the same files named alike and mixed differ:\n%s\n%s", alike, mixed)
	}

	logs := filepath.Join("..", "..", "ingest", "inspect", "testdata", "logs")
	first, second := filepath.Join(logs, "log_formats.eval"), filepath.Join(logs, "log_read_sample.eval")
	dir := t.TempDir()
	var outs [][]byte
	for i, in := range [][]string{{"--inspect", first, "--inspect", second}, {"--inspect", second, "--inspect", abs(first)}} {
		out := filepath.Join(dir, []string{"alike.csv", "mixed.csv"}[i])
		mustRun(t, append([]string{"samples", "--format", "csv", "--out", out}, in...)...)
		data, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		// The log column names each log as spelled; the rows' order is what is compared.
		outs = append(outs, bytes.ReplaceAll(data, []byte(abs(first)), []byte(first)))
	}
	if !bytes.Equal(outs[0], outs[1]) {
		t.Errorf("samples of the same logs named alike and mixed differ:\n%s\n%s", outs[0], outs[1])
	}
}
