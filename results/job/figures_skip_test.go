package job

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/figures"
)

// TestFiguresSkipWhatCannotBeDrawn: a figure that cannot be drawn is left out with its
// reason instead of failing the job. A 120-character configuration name at 72 pt used to
// leave out the three figures that name configurations beside their data (a piece of 60
// letters without a break needed about 30 in, past the 48 in a figure may grow to); such a
// name is now broken between letters, so ecs_by_protocol is drawn, and failure_types, whose
// rows grow as tall as the name's lines in each of its panels, would need a PNG past 64
// megapixels: it is left out, where its PNG used to fail the whole job after the other
// figures were written. So is domain_heatmap, as tall as its name's lines and the caption
// under it (the policy and what a cell pools: five lines at 72 pt).
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
	var cannot []string
	for _, why := range ff.Skipped {
		if strings.Contains(why, ": cannot be drawn: ") {
			cannot = append(cannot, why)
		}
	}
	written, _ := filepath.Glob(filepath.Join(dir, "*.svg"))
	if len(cannot) != 2 || !strings.HasPrefix(cannot[0], "failure_types: cannot be drawn: Options.DPI: ") ||
		!strings.HasPrefix(cannot[1], "domain_heatmap: cannot be drawn: Options.DPI: ") || ff.Figures != len(written) || ff.Figures != 1 {
		t.Errorf("%d figures written (%d files), skipped %v", ff.Figures, len(written), ff.Skipped)
	}
	// The notes: the policy shown, then what was not written and what was widened.
	notes := ff.Notes(r)
	if want := fmt.Sprintf("%d figure scored under policy safeact (evaluator ", ff.Figures); len(notes) == 0 || !strings.HasPrefix(notes[0], want) {
		t.Fatalf("notes %q, want first %q", notes, want)
	}
	if len(notes) != 1+len(ff.Skipped)+len(ff.Widened) || notes[1] != "not written: "+ff.Skipped[0] ||
		len(ff.Widened) > 0 && notes[len(notes)-1] != "larger than --size: "+ff.Widened[len(ff.Widened)-1] {
		t.Errorf("notes %q for %d skipped, %d widened", notes, len(ff.Skipped), len(ff.Widened))
	}
}
