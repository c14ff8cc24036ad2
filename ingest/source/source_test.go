package source

import (
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"testing"

	"github.com/sabench/sabench-stats/ingest/casespec"
)

const (
	testBench = "../testdata/safeactbench"
	testRuns  = "../harness/testdata/batch.golden.jsonl"
)

// runIDs reads a stream to its end.
func runIDs(t *testing.T, in *Input) []string {
	t.Helper()
	s, err := in.Open()
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	var ids []string
	for {
		ep, err := s.Next()
		if errors.Is(err, io.EOF) {
			return ids
		}
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, ep.RunID)
	}
}

func TestParseSets(t *testing.T) {
	got, err := ParseSets([]string{"a=x.txt", "b=y.txt"})
	if err != nil || !reflect.DeepEqual(got, map[string]string{"a": "x.txt", "b": "y.txt"}) {
		t.Errorf("ParseSets = %v, %v", got, err)
	}
	if got, err := ParseSets(nil); got != nil || err != nil {
		t.Errorf("ParseSets(nil) = %v, %v", got, err)
	}
	for _, bad := range []string{"a", "=x", "a="} {
		if _, err := ParseSets([]string{bad}); err == nil || err.Error() != `--set wants NAME=FILE, not "`+bad+`"` {
			t.Errorf("ParseSets(%q) error %v", bad, err)
		}
	}
}

func TestParseShard(t *testing.T) {
	for _, tc := range []struct {
		s    string
		i, n int
	}{{"", 0, 1}, {"1/1", 0, 1}, {"2/3", 1, 3}, {"3/3", 2, 3}} {
		i, n, err := ParseShard(tc.s)
		if err != nil || i != tc.i || n != tc.n {
			t.Errorf("ParseShard(%q) = %d, %d, %v; want %d, %d", tc.s, i, n, err, tc.i, tc.n)
		}
	}
	for _, bad := range []string{"0/2", "3/2", "1", "a/b", "1/0"} {
		if _, _, err := ParseShard(bad); err == nil {
			t.Errorf("ParseShard(%q) accepted", bad)
		}
	}
}

func TestBuiltin(t *testing.T) {
	in, err := Open(Options{Bench: Builtin})
	if err != nil {
		t.Fatal(err)
	}
	if in.Bench.DatasetID != casespec.SyntheticDatasetID || in.Bench.DatasetVersion != "synthetic-seed-1" {
		t.Errorf("dataset %q %q", in.Bench.DatasetID, in.Bench.DatasetVersion)
	}
	if in.Describe != "the built-in synthetic release" || len(in.Files) != 0 {
		t.Errorf("describe %q, files %v", in.Describe, in.Files)
	}
	all := runIDs(t, in)
	if len(all) == 0 || len(runIDs(t, in)) != len(all) {
		t.Fatalf("a second pass reads %d episodes, the first %d", len(runIDs(t, in)), len(all))
	}
	// Three shards cut the stream into consecutive runs, each starting at its base.
	var merged []string
	for i := 0; i < 3; i++ {
		if err := in.Shard(i, 3); err != nil {
			t.Fatal(err)
		}
		if got, want := in.ShardBase(), int64(len(merged)); got != want {
			t.Errorf("shard %d: base %d, want %d", i, got, want)
		}
		part := runIDs(t, in)
		if len(part) < len(all)/3 || len(part) > len(all)/3+1 {
			t.Errorf("shard %d of 3: %d of %d episodes", i, len(part), len(all))
		}
		merged = append(merged, part...)
	}
	if !reflect.DeepEqual(merged, all) {
		t.Error("the shards do not join back into the stream")
	}
}

func TestOpenRuns(t *testing.T) {
	in, err := Open(Options{Bench: testBench, Runs: []string{testRuns}, Dedupe: "error"})
	if err != nil {
		t.Fatal(err)
	}
	if want := testBench + " with episodes from " + testRuns; in.Describe != want {
		t.Errorf("describe %q, want %q", in.Describe, want)
	}
	if n := len(in.Files); n < 2 || in.Files[n-1] != testRuns {
		t.Errorf("files %v: want the bench's files, then the runs", in.Files)
	}
	if len(runIDs(t, in)) == 0 {
		t.Error("no episodes")
	}
}

// Options.Hash hashes the episode files as a stream reads them to the end; without it
// nothing is hashed (score, explain and validate record no provenance).
func TestOpenHash(t *testing.T) {
	in, err := Open(Options{Bench: testBench, Runs: []string{testRuns}})
	if err != nil {
		t.Fatal(err)
	}
	runIDs(t, in)
	if _, ok := in.Hashes.Get(testRuns); ok || in.Hashes != nil {
		t.Errorf("hashes without Options.Hash: %v", in.Hashes)
	}
	if in, err = Open(Options{Bench: testBench, Runs: []string{testRuns}, Hash: true}); err != nil {
		t.Fatal(err)
	}
	runIDs(t, in)
	got, ok := in.Hashes.Get(testRuns)
	want, err := os.ReadFile(testRuns)
	if err != nil {
		t.Fatal(err)
	}
	if !ok || got.Bytes != int64(len(want)) || got.SHA256 != sha256.Sum256(want) {
		t.Errorf("hash %x of %d bytes (found %v), want %x of %d", got.SHA256, got.Bytes, ok, sha256.Sum256(want), len(want))
	}
}

// A bench on disk without --runs reads the runs file beside it, or says there is none.
func TestRunsBeside(t *testing.T) {
	_, err := Open(Options{Bench: testBench})
	var none *NoEpisodesError
	if !errors.As(err, &none) || err.Error() != "no episodes: the bench "+testBench+" has no runs.jsonl or runs.parquet; pass --runs with the episode files (JSONL or Parquet, files, globs or directories)" {
		t.Fatalf("Open without runs: %v", err)
	}
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS(testBench)); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(testRuns)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "runs.jsonl"), data, 0o644); err != nil {
		t.Fatal(err)
	}
	in, err := Open(Options{Bench: dir})
	if err != nil {
		t.Fatal(err)
	}
	if want := dir + " with episodes from " + filepath.Join(dir, "runs.jsonl"); in.Describe != want {
		t.Errorf("describe %q, want %q", in.Describe, want)
	}
}

// A JSONL of cases has no runs file of its own: the error said the file "has no
// runs.jsonl", as if one could be put inside it; it says to pass --runs, naming the runs
// file in the same folder when there is one.
func TestNoEpisodesBesideCaseFile(t *testing.T) {
	spec, err := os.ReadFile(filepath.Join(testBench, "cases", "SAB-V1-001.json"))
	if err != nil {
		t.Fatal(err)
	}
	var line bytes.Buffer
	if err := json.Compact(&line, spec); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	cases := filepath.Join(dir, "cases.jsonl")
	os.WriteFile(cases, []byte(`{"case_id":"SAB-V1-001","protocol":"V1","case_spec":`+line.String()+"}\n"), 0o644)
	_, err = Open(Options{Bench: cases})
	if want := "no episodes: the bench " + cases + " is a file of cases, with no episodes; pass --runs with the episode files (JSONL or Parquet, files, globs or directories)"; err == nil || err.Error() != want {
		t.Errorf("no runs file:\n%v\nwant\n%s", err, want)
	}
	runs := filepath.Join(dir, "runs.jsonl")
	os.WriteFile(runs, nil, 0o644)
	_, err = Open(Options{Bench: cases})
	if want := "no episodes: the bench " + cases + " is a file of cases, read without its folder's episodes; pass --runs " + runs + " to score the episodes beside it"; err == nil || err.Error() != want {
		t.Errorf("runs file beside:\n%v\nwant\n%s", err, want)
	}
}

// Inspect logs as the episodes: the bench's files are inputs too, before the logs, and
// BenchFiles are those alone. The bench's files were missing (the provenance of `report
// --bench D --inspect LOGS` listed the logs only), and BenchFiles returned the logs.
func TestOpenInspectKeepsBenchFiles(t *testing.T) {
	const log = "../inspect/testdata/logs/log_streaming.eval"
	in, err := Open(Options{Bench: testBench, Inspect: []string{log}})
	if err != nil {
		t.Fatal(err)
	}
	bench := in.Bench.InputFiles(casespec.BenchOptions{})
	if len(bench) < 2 {
		t.Fatalf("bench files %v: want the catalogs, the manifest and the sets", bench)
	}
	if want := append(slices.Clone(bench), log); !slices.Equal(in.Files, want) {
		t.Errorf("files %v, want %v", in.Files, want)
	}
	if got := in.BenchFiles(); !slices.Equal(got, bench) {
		t.Errorf("bench files %v, want %v", got, bench)
	}
}
