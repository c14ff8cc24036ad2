package render

import "testing"

// TestWrapEscapeLongRun: a wrapped name breaks after "/" and "_" (and, by TeX, at spaces
// and hyphens); a run without such a point that is wider than the column breaks between
// its characters, which TeX otherwise set whole past the column; a run that fits stays
// whole, its characters escaped as everywhere.
func TestWrapEscapeLongRun(t *testing.T) {
	for _, tc := range []struct {
		name  string
		width float64
		want  string
	}{
		{"hardcoded/hardcoded", 60, `hardcoded/\allowbreak{}hardcoded`},
		{"a_b-abcdefghijk", 30, `a\_\allowbreak{}b-\allowbreak{}a\allowbreak{}b\allowbreak{}c\allowbreak{}d\allowbreak{}e\allowbreak{}f\allowbreak{}g\allowbreak{}h\allowbreak{}i\allowbreak{}j\allowbreak{}k`},
		{"x/ab&cd&ef", 20, `x/\allowbreak{}a\allowbreak{}b\allowbreak{}\&\allowbreak{}c\allowbreak{}d\allowbreak{}\&\allowbreak{}e\allowbreak{}f`},
		{"R&D agent", 60, `R\&D agent`},
	} {
		if got := wrapEscape(tc.name, tc.width); got != tc.want {
			t.Errorf("%q in %v pt:\n got %s\nwant %s", tc.name, tc.width, got, tc.want)
		}
	}
}
