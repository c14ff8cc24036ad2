package render

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/results"
)

func TestWriteTableDir(t *testing.T) {
	mk := func(id string) *results.Table {
		return &results.Table{ID: id, Title: "Table " + id, Columns: []results.Column{{Key: "x", Header: "X", Kind: results.KindText}}, Rows: []results.Row{{Cells: []results.Cell{results.Text("a")}}}}
	}
	dir := t.TempDir()
	// Onto an existing directory with a file of its own: that file stays, the tables land.
	if err := os.WriteFile(filepath.Join(dir, "keep.txt"), []byte("mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	for round := 0; round < 2; round++ { // the second round replaces the first's files
		paths, err := WriteTableDir(dir, FormatCSV, []*results.Table{mk("T1"), mk("T7")}, nil)
		if err != nil {
			t.Fatal(err)
		}
		want := []string{filepath.Join(dir, "T1.csv"), filepath.Join(dir, "T7.csv")}
		if strings.Join(paths, ",") != strings.Join(want, ",") {
			t.Fatalf("paths %q, want %q", paths, want)
		}
		b, err := os.ReadFile(want[1])
		if err != nil || string(b) != "x\na\n" {
			t.Fatalf("T7.csv = %q, %v", b, err)
		}
	}
	ents, _ := os.ReadDir(dir)
	var names []string
	for _, e := range ents {
		names = append(names, e.Name())
	}
	if got := strings.Join(names, " "); got != "T1.csv T7.csv keep.txt" {
		t.Errorf("directory holds %s (a temporary file left behind?)", got)
	}
	if _, err := WriteTableDir(filepath.Join(dir, "new"), FormatJSON, []*results.Table{mk("a"), mk("a")}, nil); err == nil {
		t.Error("two tables with one id: want an error")
	}
	if _, err := os.Stat(filepath.Join(dir, "new")); err == nil {
		t.Error("a refused write created the directory")
	}
}

// TestWriteTableFile: an invalid table leaves no file.
func TestWriteTableFile(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "t4.json")
	if err := WriteTableFileWith(good, FormatJSON, RenderOptions{}, table4()); err != nil {
		t.Fatal(err)
	}
	if st, err := os.Stat(good); err != nil || st.Size() == 0 {
		t.Fatalf("stat %v", err)
	}
	bad := &results.Table{ID: "bad"}
	if err := WriteTableFileWith(filepath.Join(dir, "bad.json"), FormatJSON, RenderOptions{}, bad); err == nil {
		t.Fatal("invalid table written")
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 1 {
		t.Errorf("directory holds %d entries, want 1", len(ents))
	}
}
