package inspect

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestExpandLinkedFolder: a folder of logs named through a symbolic link was "no .eval or
// .json logs in this folder": the walk stopped at the link. Its logs are read.
func TestExpandLinkedFolder(t *testing.T) {
	root := t.TempDir()
	real := filepath.Join(root, "logs")
	if err := os.Mkdir(real, 0o755); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(logPath(streaming))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(real, streaming), data, 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(root, "link")
	if err := os.Symlink(real, link); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	got, err := Expand([]string{link})
	if err != nil || len(got) != 1 || got[0] != filepath.Join(link, streaming) {
		t.Errorf("got %q, err %v; want the one log under the link", got, err)
	}
	if err != nil && !strings.Contains(err.Error(), "no .eval") {
		t.Errorf("unexpected error %v", err)
	}
}
