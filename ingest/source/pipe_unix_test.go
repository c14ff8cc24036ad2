//go:build unix

package source

import (
	"path/filepath"
	"syscall"
	"testing"

	"github.com/sabench/sabench-stats/ingest"
)

// A --runs that is a named pipe was refused only when read, so its message lacked the flag
// ("FILE: a named pipe, …") where a missing file says "--runs: FILE: …": both now name it,
// in scoring's Open and in validate alike.
func TestRunsPipeNamesTheFlag(t *testing.T) {
	p := filepath.Join(t.TempDir(), "runs.jsonl")
	if err := syscall.Mkfifo(p, 0o600); err != nil {
		t.Skipf("no named pipe here: %v", err)
	}
	want := "--runs: " + p + ": a named pipe, not a regular file; episodes are read from regular files only"
	if _, err := Open(Options{Bench: Builtin, Runs: []string{p}}); err == nil || err.Error() != want {
		t.Errorf("Open: %v\nwant %s", err, want)
	}
	if _, _, err := ValidateFiles(Builtin, nil, []string{p}, ingest.ReadOptions{}); err == nil || err.Error() != want {
		t.Errorf("ValidateFiles: %v\nwant %s", err, want)
	}
	missing := filepath.Join(filepath.Dir(p), "none.jsonl")
	if _, _, err := ValidateFiles(Builtin, nil, []string{missing}, ingest.ReadOptions{}); err == nil || err.Error() != "--runs: "+missing+": no such file or directory" {
		t.Errorf("ValidateFiles(missing): %v", err)
	}
}
