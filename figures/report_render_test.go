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

// TestMarked: figures are captioned with what they draw (About, grey) and, when
// synthetic, the SYNTHETIC mark (red); a figure with neither is left alone.
func TestMarked(t *testing.T) {
	figs := []Named{{Name: "a", Fig: Forest{Title: "t"}}, {Name: "b", Fig: Forest{Title: "u"}, About: "Scored under policy safeact."}}
	got := Marked(figs, "")
	if _, ok := got[0].Fig.(Forest); !ok {
		t.Errorf("a figure without About nor mark was wrapped: %+v", got[0])
	}
	if c, ok := got[1].Fig.(Captioned); !ok || c.Note != "Scored under policy safeact." || c.Caption != "" {
		t.Errorf("About not drawn under the figure: %+v", got[1])
	}
	got = Marked(figs, analysis.SyntheticMark)
	c, ok := got[0].Fig.(Captioned)
	if !ok || got[0].Name != "a" || c.Caption != analysis.SyntheticMark || c.Note != "" || c.Fig.(Forest).Title != "t" {
		t.Errorf("marked %+v", got[0])
	}
	if c, ok := got[1].Fig.(Captioned); !ok || c.Note != "Scored under policy safeact." || c.Caption != analysis.SyntheticMark {
		t.Errorf("marked %+v", got[1])
	}
}
