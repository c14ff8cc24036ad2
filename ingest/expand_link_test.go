package ingest

import (
	"os"
	"path/filepath"
	"testing"
)

// TestRunsLinkedFolder: a folder named through a symbolic link (a results folder linked
// into a project) was reported as holding no episode files: the directory walk stopped at
// the link. It is read, its files named under the link, as the folder itself is.
func TestRunsLinkedFolder(t *testing.T) {
	root := t.TempDir()
	real := filepath.Join(root, "real runs é")
	if err := os.MkdirAll(filepath.Join(real, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	writeJSONL(t, filepath.Join(real, "a.jsonl"), realisticEpisodes(2, 1))
	writeJSONL(t, filepath.Join(real, "sub", "b.jsonl"), realisticEpisodes(1, 2))
	link := filepath.Join(root, "link")
	if err := os.Symlink(real, link); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	for _, arg := range []string{link, link + "/"} {
		files, err := ExpandRuns([]string{arg})
		want := []string{filepath.Join(link, "a.jsonl"), filepath.Join(link, "sub", "b.jsonl")}
		if err != nil || len(files) != 2 || files[0] != want[0] || files[1] != want[1] {
			t.Errorf("%s: files %q, err %v; want %q", arg, files, err, want)
		}
	}
}
