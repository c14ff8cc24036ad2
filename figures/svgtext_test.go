package figures

import (
	"bytes"
	"html"
	"regexp"
	"strings"
	"testing"
)

// cssFontSize is a text element's font size as CSS reads it: a number and its unit, once.
var cssFontSize = regexp.MustCompile(`font-size:[\d.]+px;`)

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
				if !cssFontSize.MatchString(tag) {
					t.Errorf("text element without a valid CSS font size: %s", tag)
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

// TestSVGTextMissingGlyphs: a string with characters the bundled font lacks (a CJK
// configuration name) is kept as visible text squeezed to the measured width, and the
// strings the font has are still outlines.
func TestSVGTextMissingGlyphs(t *testing.T) {
	in := []byte("<svg width=\"10\" height=\"10\">\n" +
		"<text x=\"1\" y=\"2\" transform=\"scale(1, -1)\"\n\tstyle=\"font-family:Liberation Sans;font-weight:normal;font-style:normal;font-size:10px;fill:#123456\">模型/h</text>\n" +
		"<text x=\"1\" y=\"20\" transform=\"scale(1, -1)\"\n\tstyle=\"font-family:Liberation Sans;font-weight:normal;font-style:normal;font-size:10px\">ab</text>\n</svg>\n")
	out, err := outlineSVGText(in)
	if err != nil {
		t.Fatal(err)
	}
	s := string(out)
	visible := regexp.MustCompile(`<text x="1" y="2" transform="scale\(1, -1\)" textLength="([\d.]+)" lengthAdjust="spacingAndGlyphs"\n\tstyle="[^"]*fill:#123456">模型/h</text>`).FindStringSubmatch(s)
	if visible == nil || visible[1] == "0" {
		t.Fatalf("CJK string not kept as visible, measured text:\n%s", s)
	}
	// The visible string is drawn at the layout's size: an invalid size ("10pxpx") is
	// dropped by the browser, which then draws it at its default 16px, taller than the
	// row it was measured for.
	for _, m := range regexp.MustCompile(`font-size:([^;"]*)`).FindAllStringSubmatch(s, -1) {
		if m[1] != "10px" {
			t.Errorf("font size %q, want 10px (the input's):\n%s", m[1], s)
		}
	}
	if !strings.Contains(s, `fill-opacity:0">ab</text>`) || !strings.Contains(s, "<use href=") {
		t.Errorf("the Latin string is not outlined:\n%s", s)
	}
}
