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
