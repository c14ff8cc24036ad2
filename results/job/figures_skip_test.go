package job

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/figures"
)

// TestFiguresSkipWhatCannotBeDrawn: a figure that cannot be drawn even widened (a
// 120-character configuration name at 72 pt needs about 60 in, past the 48 in a figure may
// grow to) is left out with its reason instead of failing the job: here the three figures
// that name configurations beside their data, while the job itself succeeds.
func TestFiguresSkipWhatCannotBeDrawn(t *testing.T) {
	long := strings.Repeat("W", 60) + "/" + strings.Repeat("H", 59)
	data, err := os.ReadFile(testRuns)
	if err != nil {
		t.Fatal(err)
	}
	runs := filepath.Join(t.TempDir(), "runs.jsonl")
	if err := os.WriteFile(runs, []byte(strings.ReplaceAll(string(data), `"config":"claude-5/claude-code"`, `"config":"`+long+`"`)), 0o644); err != nil {
		t.Fatal(err)
	}
	o := testOptions(t)
	o.Source.Runs = []string{runs}
	if err := o.Check(); err != nil {
		t.Fatal(err)
	}
	r, err := o.Release(Scoring{})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	ff, err := o.Figures(dir, r, figures.Options{FontSize: 72})
	if err != nil {
		t.Fatal(err)
	}
	cannot := 0
	for _, why := range ff.Skipped {
		if strings.Contains(why, ": cannot be drawn: Options.Width:") {
			cannot++
		}
	}
	written, _ := filepath.Glob(filepath.Join(dir, "*.svg"))
	if cannot != 3 || ff.Figures != len(written) {
		t.Errorf("%d figures written (%d files), skipped %v", ff.Figures, len(written), ff.Skipped)
	}
	// The notes: the policy shown, then what was not written and what was widened.
	notes := ff.Notes(r)
	if want := fmt.Sprintf("%d figures scored under policy safeact (evaluator ", ff.Figures); len(notes) == 0 || !strings.HasPrefix(notes[0], want) {
		t.Fatalf("notes %q, want first %q", notes, want)
	}
	if len(notes) != 1+len(ff.Skipped)+len(ff.Widened) || notes[1] != "not written: "+ff.Skipped[0] ||
		len(ff.Widened) > 0 && notes[len(notes)-1] != "larger than --size: "+ff.Widened[len(ff.Widened)-1] {
		t.Errorf("notes %q for %d skipped, %d widened", notes, len(ff.Skipped), len(ff.Widened))
	}
}
