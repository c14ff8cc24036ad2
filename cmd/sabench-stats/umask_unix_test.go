//go:build unix

package main

import (
	"io/fs"
	"path/filepath"
	"syscall"
	"testing"
)

// TestOutputModesFollowUmask: every file and folder a command writes gets the mode the
// user's umask gives a new one (0666 and 0777 less the umask), as a shell's > and mkdir
// do. Outputs are written through temporaries renamed into place; the temporaries were
// made 0600/0700 and then some (not all) set to 0644/0755, so under umask 077 a report's
// index.html, the verdict dataset and the figures were readable by everyone while its
// tables were not, and under umask 002 nothing was writable by the group.
// Not parallel: the umask is the process's (parallel tests start after this one ends).
func TestOutputModesFollowUmask(t *testing.T) {
	if testing.Short() {
		t.Skip("scores the test subset")
	}
	runs := subsetRuns(t)
	for _, mask := range []int{0o077, 0o002} {
		dir := t.TempDir()
		old := syscall.Umask(mask)
		cmds := [][]string{
			{"report", "--bench", "builtin", "--runs", runs, "--out", filepath.Join(dir, "rep"), "--resamples", "20", "--force"},
			{"score", "--bench", "builtin", "--runs", runs, "--format", "parquet", "--out", filepath.Join(dir, "ds")},
			{"tables", "T2", "--bench", "builtin", "--runs", runs, "--resamples", "20", "--force", "--format", "csv", "--out", filepath.Join(dir, "t2.csv")},
			{"samples", "--inspect", "../../ingest/inspect/testdata/logs/log_formats.eval", "--format", "parquet", "--out", filepath.Join(dir, "s.parquet")},
		}
		if mask == 0o077 { // once: a release and its Inspect logs (synth's own writer)
			cmds = append(cmds, []string{"synth", "--out", filepath.Join(dir, "syn"), "--format", "inspect"})
		}
		for _, args := range cmds {
			if _, stderr, code := runCLI(t, args...); code != 0 {
				syscall.Umask(old)
				t.Fatalf("%s: exit %d: %s", args[0], code, stderr)
			}
		}
		syscall.Umask(old)
		n := 0
		err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
			if err != nil || p == dir {
				return err
			}
			info, err := d.Info()
			if err != nil {
				return err
			}
			want := fs.FileMode(0o666 &^ mask)
			if d.IsDir() {
				want = fs.FileMode(0o777 &^ mask)
			}
			if got := info.Mode().Perm(); got != want {
				t.Errorf("umask %03o: %s: mode %v, want %v", mask, p, got, want)
			}
			n++
			return nil
		})
		if err != nil || n < 100 {
			t.Fatalf("umask %03o: %d outputs checked, %v", mask, n, err)
		}
	}
}
