package job

import (
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/figures"
	"gonum.org/v1/plot/vg"
)

// TestFiguresSayHowTheyGrew: at a size with a height (--size slide), a figure whose rows
// do not fit is drawn taller; the note said "drawn 12.0 in wide to fit its names and rows",
// the width asked, which had not changed. It says what grew, and from what.
func TestFiguresSayHowTheyGrew(t *testing.T) {
	o := testOptions(t)
	if err := o.Check(); err != nil {
		t.Fatal(err)
	}
	r, err := o.Release(Scoring{})
	if err != nil {
		t.Fatal(err)
	}
	opt := figures.Options{Width: 12 * vg.Inch, Height: 1 * vg.Inch, FontSize: 13, DPI: 150}
	ff, err := o.Figures(t.TempDir(), r, opt)
	if err != nil {
		t.Fatal(err)
	}
	if len(ff.Widened) == 0 {
		t.Fatal("no figure grew past 1 in of height")
	}
	for _, w := range ff.Widened {
		if !strings.Contains(w, "in tall (not 1.0) to fit its rows") || strings.Contains(w, "12.0 in wide") {
			t.Errorf("%q: want the height it was drawn at, and no width it kept", w)
		}
	}
}
