package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestViewerSaysDroppedDuplicatesAreNotShown: with --dedupe first, view and report said
// "read N = scored S + excluded (…, 2 duplicate)" and, beside it, that the viewer holds N−2
// episodes, and the page's own status filter found 2 excluded episodes fewer than its
// reconciliation counts, with nothing said of the two dropped. Both lines and the page now
// say the dropped duplicates are not on the page.
func TestViewerSaysDroppedDuplicatesAreNotShown(t *testing.T) {
	eps := subsetEpisodes(t)
	mod := append(eps[:len(eps):len(eps)], eps[0], eps[1])
	runs := writeRuns(t, mod)
	const not = "the 2 duplicates --dedupe dropped are not on the page"
	page := filepath.Join(t.TempDir(), "v.html")
	_, errOut := mustRun(t, "view", "--bench", "builtin", "--runs", runs, "--dedupe", "first", "--resamples", "0", "--out", page)
	if want := fmt.Sprintf("%d episodes of ", len(eps)); !strings.Contains(errOut, want) || !strings.Contains(errOut, "; "+not+"\n") {
		t.Errorf("view's summary lacks %q and %q:\n%s", want, not, errOut)
	}
	html, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	if want := fmt.Sprintf("Episodes: read %d = scored ", len(mod)); !strings.Contains(string(html), want) || !strings.Contains(string(html), "duplicate); "+not+".") {
		t.Errorf("the page's reconciliation lacks %q and %q", want, not)
	}
	out := filepath.Join(t.TempDir(), "rep")
	_, errOut = mustRun(t, "report", "--bench", "builtin", "--runs", runs, "--dedupe", "first", "--resamples", "0", "--out", out)
	if want := fmt.Sprintf("index.html, %d episodes (%s))", len(eps), not); !strings.Contains(errOut, want) {
		t.Errorf("report's summary lacks %q:\n%s", want, errOut)
	}
}

// TestScoreSaysDroppedDuplicatesHaveNoRow: score --dedupe first said "read N = scored S +
// excluded E (…, 2 duplicate)" and wrote N−2 verdict rows: the rows hold the scored and the
// status-excluded episodes, not the dropped duplicates, and nothing said so.
func TestScoreSaysDroppedDuplicatesHaveNoRow(t *testing.T) {
	eps := subsetEpisodes(t)
	mod := append(eps[:len(eps):len(eps)], eps[0], eps[1])
	runs := writeRuns(t, mod)
	out, errOut := mustRun(t, "score", "--bench", "builtin", "--runs", runs, "--dedupe", "first", "--format", "csv")
	rows := strings.Count(out, "\n") - 1
	want := fmt.Sprintf("score: read %d episodes = ", len(mod))
	if rows != len(eps) || !strings.HasPrefix(errOut, want) || !strings.Contains(strings.SplitN(errOut, "\n", 2)[0], "2 duplicate); the 2 duplicates --dedupe dropped have no verdict row") {
		t.Errorf("%d verdict rows (want %d); summary:\n%s", rows, len(eps), errOut)
	}
}
