package render

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/sabench/sabench-stats/results"
)

// TestSidecarBesideLinkedFile: a CSV written through a link goes to the file the link
// names, and its sidecar beside that file, named after it: the sidecar went beside the
// link, so the CSV file's reader had none, and a link in a directory that takes no file
// failed at the sidecar, after the CSV was written.
func TestSidecarBesideLinkedFile(t *testing.T) {
	ts := []*results.Table{table2()}
	results.Stamp(ts, testMeta(true))
	linkDir, realDir := t.TempDir(), t.TempDir()
	link, real := filepath.Join(linkDir, "t.csv"), filepath.Join(realDir, "x.csv")
	if err := os.Symlink(real, link); err != nil {
		t.Fatal(err)
	}
	if err := WriteTableFileWith(link, FormatCSV, RenderOptions{}, ts...); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(SidecarName(real)); err != nil {
		t.Errorf("no sidecar beside %s: %v", real, err)
	}
	if es, _ := os.ReadDir(linkDir); len(es) != 1 {
		t.Errorf("%s holds %v, want the link alone", linkDir, es)
	}
}
