package figures

import (
	"bytes"
	"html"
	"regexp"
	"strings"
	"testing"
)

// TestSVGTextOutlined checks that no SVG depends on an installed font: every
// visible string is glyph outlines (<use> of a defined path), and each drawn
// string is still there as transparent text of the measured width.
func TestSVGTextOutlined(t *testing.T) {
	texts := regexp.MustCompile(`<text [^>]*>`)
	for name, fig := range realisticFigures() {
		t.Run(name, func(t *testing.T) {
			var b bytes.Buffer
			if err := Render(fig, SVG, &b, Column); err != nil {
				t.Fatal(err)
			}
			svg := b.String()
			for _, tag := range texts.FindAllString(svg, -1) {
				if !strings.Contains(tag, "fill-opacity:0") || !strings.Contains(tag, `textLength="`) {
					t.Errorf("visible text element: %s", tag)
				}
			}
			uses := regexp.MustCompile(`<use href="#(g[0-9a-f]{8}-\d+)"`).FindAllStringSubmatch(svg, -1)
			if len(uses) < 20 {
				t.Fatalf("only %d glyphs placed", len(uses))
			}
			for _, u := range uses {
				if !strings.Contains(svg, `<path id="`+u[1]+`" d="M`) {
					t.Fatalf("glyph %s used but not defined", u[1])
				}
			}
			for _, s := range drawnStrings(t, fig, Column) {
				if !strings.Contains(svg, ">"+html.EscapeString(s)+"</text>") {
					t.Errorf("string %q missing from the SVG's text", s)
				}
			}
		})
	}
}
