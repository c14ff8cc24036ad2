package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSummariesCountOneInTheSingular: score, validate and view printed "read 1 episodes",
// "1 episodes, raw agreement", "(1 cases)" and "1 chunk files" on one episode.
func TestSummariesCountOneInTheSingular(t *testing.T) {
	golden, err := os.ReadFile(filepath.Join(harnessTestdata, "batch.golden.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	one := filepath.Join(dir, "one.jsonl")
	os.WriteFile(one, []byte(strings.SplitAfter(string(golden), "\n")[0]), 0o644)
	bench := filepath.Join(ingestTestdata, "safeactbench")
	for _, c := range []struct {
		args []string
		want []string
	}{
		{[]string{"score", "--bench", bench, "--runs", one, "--out", filepath.Join(dir, "v.jsonl")},
			[]string{"score: read 1 episode = scored 1", "(oracle as reference): 1 episode, raw agreement"}},
		{[]string{"validate", "--bench", bench, "--runs", one}, []string{"1 from contrast_pair_id (1 case), ", "1 file, 1 episode read"}},
		{[]string{"view", "--bench", bench, "--runs", one, "--resamples", "0", "--out", filepath.Join(dir, "v.html")},
			[]string{" and 1 chunk file (", "; 1 episode of 1 case (the bench has 10; the page lists them all)\n"}},
	} {
		_, stderr, code := runCLI(t, c.args...)
		for _, w := range c.want {
			if code != 0 || !strings.Contains(stderr, w) {
				t.Errorf("%s: exit %d, no %q in\n%s", c.args[0], code, w, stderr)
			}
		}
	}
}
