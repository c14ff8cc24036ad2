package source

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/sabench/sabench-stats/ingest"
)

func TestDedupe(t *testing.T) {
	for in, want := range map[string]string{"": ingest.DedupeNone, "error": ingest.DedupeNone, "first": ingest.DedupeFirst, "last": ingest.DedupeLast, "bogus": "bogus"} {
		if got := DedupePolicy(in); got != want {
			t.Errorf("DedupePolicy(%q) = %q, want %q", in, got, want)
		}
	}
	for _, ok := range []string{"", "error", "first", "last"} {
		if err := CheckDedupe(ok); err != nil {
			t.Errorf("CheckDedupe(%q): %v", ok, err)
		}
	}
	if err := CheckDedupe("keep"); err == nil || err.Error() != `--dedupe must be first or last, not "keep"` {
		t.Errorf("CheckDedupe(keep) = %v", err)
	}
}

// ValidateRuns checks the runs file beside a bench directory only when no pattern is given.
func TestValidateRuns(t *testing.T) {
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS(testBench)); err != nil {
		t.Fatal(err)
	}
	b, _, _, err := LoadBench(dir, ingest.BenchOptions{})
	if err != nil {
		t.Fatal(err)
	}
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
	builtin, _, _, err := LoadBench(Builtin, ingest.BenchOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if got := ValidateRuns(Builtin, builtin, nil); got != nil {
		t.Errorf("builtin: %q", got)
	}
}
