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

// TestNoSidecarBesideDevice: a CSV written to a device (a link to /dev/null here, as
// /dev/stdout is one to the terminal or pipe) is written in place and gets no sidecar: it
// went beside the name given, /dev/stdout.meta.json in /dev (as root) for --out
// /dev/stdout. Its notes go to stderr, as for CSV on stdout (job.CSVNotesNote).
func TestNoSidecarBesideDevice(t *testing.T) {
	ts := []*results.Table{table2()}
	results.Stamp(ts, testMeta(true))
	dir := t.TempDir()
	link := filepath.Join(dir, "t.csv")
	if err := os.Symlink(os.DevNull, link); err != nil {
		t.Fatal(err)
	}
	if err := WriteTableFileWith(link, FormatCSV, RenderOptions{}, ts...); err != nil {
		t.Fatal(err)
	}
	if es, _ := os.ReadDir(dir); len(es) != 1 {
		t.Errorf("%s holds %v, want the link alone", dir, es)
	}
}
