package view

import (
	"os"
	"path/filepath"
	"regexp"
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

// TestWriteThroughLinkKeepsChunksBesidePage: a page named through a link to a file in
// another directory is written where the link points, and its chunk directory beside
// it, named after that file: the page went beside the link's target and its chunks
// beside the link (v_files/), so the page's chunk links, relative to where it is, broke.
func TestWriteThroughLinkKeepsChunksBesidePage(t *testing.T) {
	linkDir, realDir := t.TempDir(), t.TempDir()
	link, real := filepath.Join(linkDir, "v.html"), filepath.Join(realDir, "page.html")
	if err := os.Symlink(real, link); err != nil {
		t.Fatal(err)
	}
	if err := CheckPage(link); err != nil {
		t.Fatal(err)
	}
	st, err := Write(link, fixture())
	if err != nil {
		t.Fatal(err)
	}
	html, err := os.ReadFile(real)
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`"chunkDir":"([^"]*)"`).FindSubmatch(html)
	if m == nil {
		t.Fatal("the page names no chunk directory")
	}
	if want := filepath.Join(realDir, "page_files"); string(m[1]) != "page_files" || st.ChunkDir != want {
		t.Errorf("the page's chunk directory %q, Stats.ChunkDir %s; want page_files, %s", m[1], st.ChunkDir, want)
	}
	if _, err := os.Stat(filepath.Join(realDir, string(m[1]), "0.js")); err != nil {
		t.Errorf("the page's first chunk does not resolve from the page: %v", err)
	}
	if es, _ := os.ReadDir(linkDir); len(es) != 1 {
		t.Errorf("%s holds %v, want the link alone", linkDir, es)
	}
}
