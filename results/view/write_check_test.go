package view

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The page's chunk directory (NAME_files/) is replaced only when it holds nothing but
// chunk files: a browser saves a page's files in NAME_files/ too, and those are refused,
// named, before any work, and left in place.
func TestCheckPageRefusesForeignChunkDir(t *testing.T) {
	dir := t.TempDir()
	page := filepath.Join(dir, "report.html")
	if err := CheckPage(page); err != nil {
		t.Fatalf("no chunk directory yet: %v", err)
	}
	files := filepath.Join(dir, "report_files")
	if err := os.Mkdir(files, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, n := range []string{"0.js", "17.js"} {
		if err := os.WriteFile(filepath.Join(files, n), []byte("SAB.chunk(0,{})"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := CheckPage(page); err != nil {
		t.Fatalf("a chunk directory of the viewer's own: %v", err)
	}
	for _, n := range []string{"photo.png", "a.js", ".js"} {
		if err := os.WriteFile(filepath.Join(files, n), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	err := CheckPage(page)
	if err == nil || !strings.Contains(err.Error(), "photo.png") || !strings.Contains(err.Error(), "a.js") || strings.Contains(err.Error(), "17.js") {
		t.Fatalf("a browser's saved files: %v", err)
	}
	if _, err := os.Stat(filepath.Join(files, "photo.png")); err != nil {
		t.Errorf("the foreign file is gone: %v", err)
	}
}
