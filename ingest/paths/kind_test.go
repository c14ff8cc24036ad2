package paths

import (
	"io/fs"
	"testing"
)

// TestKind: the refusal of a pipe printed its mode, "p---------"; it names it.
func TestKind(t *testing.T) {
	for m, want := range map[fs.FileMode]string{
		fs.ModeNamedPipe:                  "a named pipe",
		fs.ModeSocket:                     "a socket",
		fs.ModeDevice | fs.ModeCharDevice: "a character device",
		fs.ModeDevice:                     "a device",
		fs.ModeDir | 0o755:                "a directory",
		fs.ModeIrregular:                  "a file of unknown type",
		0o644:                             "a regular file",
	} {
		if got := Kind(m); got != want {
			t.Errorf("Kind(%v) = %q, want %q", m, got, want)
		}
	}
}
