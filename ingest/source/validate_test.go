package source

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/casespec"
)

// benchCopy copies the test bench into a fresh directory (no runs file beside it) and
// loads it.
func benchCopy(t *testing.T) (string, *casespec.Bench) {
	t.Helper()
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS(testBench)); err != nil {
		t.Fatal(err)
	}
	b, _, err := LoadBench(dir, casespec.BenchOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return dir, b
}

// ValidateRuns checks the runs file beside a bench directory only when no pattern is given.
func TestValidateRuns(t *testing.T) {
	dir, b := benchCopy(t)
	if got := ValidateRuns(dir, b, nil); got != nil {
		t.Errorf("no runs file: %q, want none", got)
	}
	runs := filepath.Join(dir, "runs.jsonl")
	if err := os.WriteFile(runs, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if got := ValidateRuns(dir, b, nil); !reflect.DeepEqual(got, []string{runs}) {
		t.Errorf("beside: %q, want %q", got, runs)
	}
	if got := ValidateRuns(dir, b, []string{"x.jsonl"}); !reflect.DeepEqual(got, []string{"x.jsonl"}) {
		t.Errorf("patterns: %q", got)
	}
	if got := ValidateRuns(dir, nil, nil); got != nil {
		t.Errorf("no bench: %q", got)
	}
	builtin, _, err := LoadBench(Builtin, casespec.BenchOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if got := ValidateRuns(Builtin, builtin, nil); got != nil {
		t.Errorf("builtin: %q", got)
	}
}

// ValidateFiles checks the runs file beside a bench directory: a bad line is a problem of
// the report, and nothing to check gives no report.
func TestValidateFiles(t *testing.T) {
	dir, b := benchCopy(t)
	if rep, _, err := ValidateFiles(dir, b, nil, ingest.ReadOptions{}); rep != nil || err != nil {
		t.Fatalf("no runs file: report %v, %v", rep, err)
	}
	if err := os.WriteFile(filepath.Join(dir, "runs.jsonl"), []byte("{not json\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	rep, _, err := ValidateFiles(dir, b, nil, ingest.ReadOptions{})
	if err != nil || rep == nil || rep.Files != 1 || rep.Lines != 1 || len(rep.Problems) != 1 || rep.Problems[0].Line != 1 {
		t.Fatalf("runs beside: %+v, %v", rep, err)
	}
	if _, _, err := ValidateFiles(dir, b, []string{filepath.Join(dir, "nothing-*.jsonl")}, ingest.ReadOptions{}); err == nil {
		t.Error("a pattern that matches nothing: no error")
	}
}
