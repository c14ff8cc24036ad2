//go:build unix

package ingest

import (
	"path/filepath"
	"syscall"
	"testing"
)

// TestNamedPipeRefusedByName: an episode file that is a named pipe was refused as "not a
// regular file (p---------)", its mode string; the refusal says "a named pipe".
func TestNamedPipeRefusedByName(t *testing.T) {
	p := filepath.Join(t.TempDir(), "runs.jsonl")
	if err := syscall.Mkfifo(p, 0o600); err != nil {
		t.Skipf("no named pipe here: %v", err)
	}
	_, err := statEpisodeFile(p, ReadOptions{})
	if want := p + ": a named pipe, not a regular file; episodes are read from regular files only"; err == nil || err.Error() != want {
		t.Errorf("statEpisodeFile(pipe): %v, want %q", err, want)
	}
}
