//go:build unix

package fsx

import (
	"io"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// TestModesFollowUmask: a file WriteFileAtomic writes and a directory ReplaceDir puts in
// place get the modes the umask gives new ones (they were always 0644 and 0755, after
// temporaries made 0600 and 0700). Not parallel: the umask is the process's.
func TestModesFollowUmask(t *testing.T) {
	for _, mask := range []int{0o022, 0o077, 0o002} {
		dir := t.TempDir()
		old := syscall.Umask(mask)
		errF := WriteFileAtomic(filepath.Join(dir, "t2.md"), func(w io.Writer) error {
			_, err := io.WriteString(w, "x\n")
			return err
		})
		errD := ReplaceDir(filepath.Join(dir, "report"), func(d string) error {
			return os.WriteFile(filepath.Join(d, "index.md"), nil, 0o666)
		})
		syscall.Umask(old)
		if errF != nil || errD != nil {
			t.Fatal(errF, errD)
		}
		for name, want := range map[string]os.FileMode{"t2.md": os.FileMode(0o666 &^ mask), "report": os.FileMode(0o777 &^ mask)} {
			if st, err := os.Stat(filepath.Join(dir, name)); err != nil || st.Mode().Perm() != want {
				t.Errorf("umask %03o: %s: mode %v (%v), want %v", mask, name, st.Mode().Perm(), err, want)
			}
		}
	}
}
