package paths

import (
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestWalkDirEntersLinkedRoot: a root that is a link to a folder is walked, its paths
// under the name given; a link inside the root is passed to fn, not entered.
func TestWalkDirEntersLinkedRoot(t *testing.T) {
	root := t.TempDir()
	real := filepath.Join(root, "real")
	if err := os.MkdirAll(filepath.Join(real, "d"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(real, "d", "f"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(root, "link")
	if err := os.Symlink(real, link); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	if err := os.Symlink(filepath.Join(real, "d"), filepath.Join(real, "inner")); err != nil {
		t.Fatal(err)
	}
	var got []string
	err := WalkDir(link, func(p string, d fs.DirEntry, err error) error {
		got = append(got, p)
		return err
	})
	want := []string{link, filepath.Join(link, "d"), filepath.Join(link, "d", "f"), filepath.Join(link, "inner")}
	if err != nil || !slices.Equal(got, want) {
		t.Errorf("walked %q, err %v; want %q", got, err, want)
	}
}
