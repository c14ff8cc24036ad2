package figures

import (
	"testing"

	"github.com/sabench/sabench-stats/analysis"
)

func TestSizeNamed(t *testing.T) {
	for name, want := range map[string]Options{"column": Column, "page": Page, "slide": Slide} {
		if got, err := SizeNamed(name); err != nil || got != want {
			t.Errorf("SizeNamed(%q) = %v, %v", name, got, err)
		}
	}
	if _, err := SizeNamed("poster"); err == nil || err.Error() != `--size must be column, page or slide, not "poster"` {
		t.Errorf("poster: %v", err)
	}
}

// TestMarked: synthetic figures carry the SYNTHETIC caption, others are left alone.
func TestMarked(t *testing.T) {
	figs := []Named{{Name: "a", Fig: Forest{Title: "t"}}}
	if got := Marked(figs, ""); &got[0] != &figs[0] {
		t.Error("a real release's figures were copied")
	}
	got := Marked(figs, analysis.SyntheticMark)
	c, ok := got[0].Fig.(Captioned)
	if !ok || got[0].Name != "a" || c.Caption != analysis.SyntheticMark || c.Fig.(Forest).Title != "t" {
		t.Errorf("marked %+v", got[0])
	}
}
