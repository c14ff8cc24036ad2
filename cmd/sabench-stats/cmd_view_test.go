package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestViewUsage(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"view", "--format", "md"}, "flag provided but not defined: -format"},
		{[]string{"view", "--out", "-"}, "--out must name an HTML file"},
		{[]string{"view", "extra"}, "view takes no arguments"},
	} {
		_, stderr, code := runCLI(t, c.args...)
		if code != 2 || !strings.Contains(stderr, c.want) {
			t.Errorf("%v: exit %d, stderr %q; want exit 2 and %q", c.args, code, stderr, c.want)
		}
	}
}

// TestViewOutDirectory: an --out that is a directory is refused before scoring, and
// nothing is left behind; the page was renamed onto it after scoring and failed, leaving
// its chunk directory (NAME_files/) written.
func TestViewOutDirectory(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "page")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	_, stderr, code := runCLI(t, "view", "--out", dir, "--bench", filepath.Join(ingestTestdata, "safeactbench"),
		"--runs", filepath.Join(harnessTestdata, "batch.golden.jsonl"), "--resamples", "0")
	if code == 0 || !strings.Contains(stderr, "is a directory") {
		t.Errorf("exit %d, stderr %q; want a refusal saying --out is a directory", code, stderr)
	}
	if _, err := os.Stat(dir + "_files"); !os.IsNotExist(err) {
		t.Errorf("%s_files left behind (stat: %v)", dir, err)
	}
}

// TestViewOutNotHTML: the chunk directory is named after the page's stem, so v.txt, v and
// v.html all wrote v_files/, one page's chunks over the other's. Only a .html name is
// taken, refused before scoring.
func TestViewOutNotHTML(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"v.txt", "v", "v.htm"} {
		wantUsage(t, "view: --out "+filepath.Join(dir, name)+" must end in .html", "view", "--out", filepath.Join(dir, name))
	}
	if _, err := os.Stat(filepath.Join(dir, "v_files")); !os.IsNotExist(err) {
		t.Errorf("v_files made (stat: %v)", err)
	}
}
