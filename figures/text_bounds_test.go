package figures

import (
	"bytes"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

var (
	svgWidth = regexp.MustCompile(`viewBox="0 0 ([0-9.]+) [0-9.]+"`)
	svgText  = regexp.MustCompile(`<text x="([-0-9.e]+)" y="[-0-9.e]+" transform="scale\(1, -1\)" textLength="([0-9.e]+)"`)
)

// TestTextStaysOnCanvas: with the longest names (120 characters) a figure is drawn wider and
// its plot is narrow beside the names; every text must still lie on the canvas. The axis
// label under the bars was centred under the plot and ran past the right edge ("Share of
// scored episodes (%)" cut to "Share of scored episodes").
func TestTextStaysOnCanvas(t *testing.T) {
	long := []string{strings.Repeat("L", 60) + "/" + strings.Repeat("é", 59), "x/y"}
	for _, size := range []Options{Column, Page} {
		for name, fig := range figuresFor(long) {
			var b bytes.Buffer
			if err := Render(fig, SVG, &b, size); err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			m := svgWidth.FindSubmatch(b.Bytes())
			if m == nil {
				t.Fatalf("%s: no viewBox", name)
			}
			w, _ := strconv.ParseFloat(string(m[1]), 64)
			for _, tm := range svgText.FindAllSubmatch(b.Bytes(), -1) {
				x, _ := strconv.ParseFloat(string(tm[1]), 64)
				l, _ := strconv.ParseFloat(string(tm[2]), 64)
				if x < -0.01 || x+l > w+0.01 {
					t.Errorf("%s at %.1f in: a text spans x %.2f to %.2f on a canvas %.2f wide", name, float64(size.Width)/72, x, x+l, w)
				}
			}
		}
	}
}
