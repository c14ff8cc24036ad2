package main

import (
	"bytes"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestViewerPageNameNeedsEscaping: a viewer written under a name with #, ? and %xx (and a
// space) loads its episode pages: the chunk directory, named after the page, is escaped
// where the page loads it. Its configuration's name holds "~", the A/B deep link's own
// separator before a condition: the link names it alone and with ~condition.
func TestViewerPageNameNeedsEscaping(t *testing.T) {
	t.Parallel()
	chromiumPath(t)
	dir := t.TempDir()
	data, err := os.ReadFile(filepath.Join(harnessTestdata, "batch.golden.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	const cfg = "claude-5/claude~code"
	runs := filepath.Join(dir, "runs.jsonl")
	if err := os.WriteFile(runs, bytes.ReplaceAll(data, []byte(`"config":"claude-5/claude-code"`), []byte(`"config":"`+cfg+`"`)), 0o644); err != nil {
		t.Fatal(err)
	}
	page := filepath.Join(dir, "run #1?v=2 %41.html")
	mustRun(t, "view", "--bench", filepath.Join(ingestTestdata, "safeactbench"), "--runs", runs,
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
	b.open(t, strings.TrimPrefix(u, "file://"), "case=SAB-V1-001&a="+url.QueryEscape(cfg)+"&ra=2&b="+url.QueryEscape(cfg+"~main")+"&rb=2", "#ab-verdicts")
	if v := b.text(t, "#ab-verdicts"); !strings.Contains(v, "A PASS") || !strings.Contains(v, "B PASS") {
		t.Errorf("A/B of %s with itself: verdicts %q", cfg, v)
	}
}
