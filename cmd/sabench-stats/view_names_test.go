package main

import (
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestViewerPageNameNeedsEscaping: a viewer written under a name with #, ? and %xx (and a
// space) loads its episode pages: the chunk directory, named after the page, is escaped
// where the page loads it.
func TestViewerPageNameNeedsEscaping(t *testing.T) {
	t.Parallel()
	chromiumPath(t)
	dir := t.TempDir()
	page := filepath.Join(dir, "run #1?v=2 %41.html")
	mustRun(t, "view", "--bench", filepath.Join(ingestTestdata, "safeactbench"), "--runs", filepath.Join(harnessTestdata, "batch.golden.jsonl"),
		"--out", page, "--resamples", "0")
	if _, err := os.Stat(filepath.Join(dir, "run #1?v=2 %41_files")); err != nil {
		t.Fatal(err)
	}
	b, stop := newBrowser(t)
	defer stop()
	u := (&url.URL{Scheme: "file", Path: page}).String()
	run := "claude-5/claude-code|SAB-V1-001|2|main"
	b.open(t, strings.TrimPrefix(u, "file://"), "run="+url.QueryEscape(run), "#timeline")
	if got := b.text(t, "#v-oracle .big"); got != "PASS" {
		t.Errorf("the episode page of %s shows the oracle's verdict as %q", run, got)
	}
}
