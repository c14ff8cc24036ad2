package job

import (
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/figures"
)

// TestFiguresNotesNameOnlyWhatWasWritten: on the batch runner's episodes of the real cases
// (one configuration) under the six presets, the first note said "policy_ranks compares
// safeact, near-miss, …" of a chart that was left out (one configuration ranked); it names
// the policies compared only when the chart is written.
func TestFiguresNotesNameOnlyWhatWasWritten(t *testing.T) {
	o := testOptions(t)
	o.Policies = []string{"safeact", "near-miss"}
	if err := o.Check(); err != nil {
		t.Fatal(err)
	}
	r, err := o.Release(Scoring{})
	if err != nil {
		t.Fatal(err)
	}
	ff, err := o.Figures(t.TempDir(), r, figures.Options{})
	if err != nil {
		t.Fatal(err)
	}
	notes := ff.Notes(r)
	if strings.Contains(notes[0], "policy_ranks") || !strings.Contains(strings.Join(notes, "\n"), "not written: policy_ranks: only one configuration ranked") {
		t.Errorf("notes %q", notes)
	}
}
