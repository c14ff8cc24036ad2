package figures

import (
	"bytes"
	"fmt"
	"hash/fnv"
	"html"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"

	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
)

// SVG text is drawn as glyph outlines of the bundled Liberation Sans, so an
// SVG looks the same whether or not a viewer has the font: a substitute
// font of other widths makes labels collide or run past the edge. Each
// glyph used is defined once (in font units) and placed with <use>; the
// string itself stays in the file as transparent <text> stretched to the
// measured width, so it can still be searched, selected and read aloud.
//
// The rewrite works on vgsvg's own output, whose <text> elements have one
// fixed form (pinned by the golden SVGs).

var svgTextElem = regexp.MustCompile(`<text x="([-\d.e+]+)" y="([-\d.e+]+)" transform="scale\(1, -1\)"\n\tstyle="([^"]*)">([^<]*)</text>`)

var svgOpen = regexp.MustCompile(`(?s)<svg [^>]*>\n`)

var (
	sansOnce sync.Once
	sansFont *sfnt.Font
	sansErr  error
)

func sansSFNT() (*sfnt.Font, error) {
	sansOnce.Do(func() { sansFont, sansErr = sfnt.Parse(liberationSans) })
	return sansFont, sansErr
}

// outlineSVGText rewrites every <text> of an SVG written by vgsvg as glyph
// outlines, keeping the string as invisible text.
func outlineSVGText(svg []byte) ([]byte, error) {
	f, err := sansSFNT()
	if err != nil {
		return nil, fmt.Errorf("figures: SVG: bundled font: %w", err)
	}
	upem := float64(f.UnitsPerEm())
	var buf sfnt.Buffer
	glyphs := map[sfnt.GlyphIndex]string{}
	// The ids must not clash when several figures are inlined into one page.
	h := fnv.New32a()
	h.Write(svg)
	prefix := fmt.Sprintf("g%08x-", h.Sum32())
	var firstErr error
	out := svgTextElem.ReplaceAllFunc(svg, func(m []byte) []byte {
		if firstErr != nil {
			return m
		}
		sm := svgTextElem.FindSubmatch(m)
		x, y, style, str := string(sm[1]), string(sm[2]), string(sm[3]), html.UnescapeString(string(sm[4]))
		props := map[string]string{}
		for _, kv := range strings.Split(style, ";") {
			if k, v, ok := strings.Cut(kv, ":"); ok {
				props[k] = v
			}
		}
		if props["font-family"] != "Liberation Sans" || props["font-weight"] != "normal" || props["font-style"] != "normal" {
			firstErr = fmt.Errorf("figures: SVG: text %q in an unexpected font (%s)", str, style)
			return m
		}
		// vgsvg writes the size with its unit ("7px"); the rewrite writes the number with
		// its unit once, as CSS reads it (a doubled unit is invalid and the browser falls
		// back to its default size).
		px := strings.TrimSuffix(props["font-size"], "px")
		size, err := strconv.ParseFloat(px, 64)
		if err != nil {
			firstErr = fmt.Errorf("figures: SVG: text %q: font size: %w", str, err)
			return m
		}
		fill := props["fill"]
		if fill == "" {
			fill = "#000000"
		}
		var uses strings.Builder
		var adv fixed.Int26_6
		ppem := fixed.Int26_6(f.UnitsPerEm())
		prev, hasPrev := sfnt.GlyphIndex(0), false
		missing := false
		for _, r := range str {
			idx, err := f.GlyphIndex(&buf, r)
			if err != nil {
				firstErr = fmt.Errorf("figures: SVG: text %q: %q: %v", str, r, err)
				return m
			}
			// A character the bundled font lacks (a CJK name, say) cannot be outlined:
			// the string is then kept as visible text in the viewer's fonts, squeezed to
			// the width the layout measured (the font's missing-glyph advance), so it
			// still cannot collide with its neighbours.
			missing = missing || idx == 0
			if hasPrev {
				if k, err := f.Kern(&buf, prev, idx, ppem, 0); err == nil {
					adv += k
				}
			}
			if _, ok := glyphs[idx]; !ok {
				d, err := glyphPath(f, &buf, idx, ppem)
				if err != nil {
					firstErr = fmt.Errorf("figures: SVG: text %q: %q: %v", str, r, err)
					return m
				}
				glyphs[idx] = d
			}
			if glyphs[idx] != "" { // a space draws nothing
				fmt.Fprintf(&uses, `<use href="#%s%d" x="%d"/>`, prefix, idx, adv)
			}
			a, err := f.GlyphAdvance(&buf, idx, ppem, 0)
			if err != nil {
				firstErr = fmt.Errorf("figures: SVG: text %q: %q: %v", str, r, err)
				return m
			}
			adv += a
			prev, hasPrev = idx, true
		}
		k := size / upem
		width := float64(adv) * k
		var b bytes.Buffer
		if missing {
			fmt.Fprintf(&b, `<text x="%s" y="%s" transform="scale(1, -1)" textLength="%.5g" lengthAdjust="spacingAndGlyphs"`+"\n\t"+`style="font-family:'Liberation Sans',Arial,sans-serif;font-size:%spx;fill:%s">%s</text>`,
				x, y, width, px, fill, sm[4])
			return b.Bytes()
		}
		fmt.Fprintf(&b, `<g transform="scale(1, -1) translate(%s, %s) scale(%.6g)" fill="%s">%s</g>`+"\n", x, y, k, fill, uses.String())
		fmt.Fprintf(&b, `<text x="%s" y="%s" transform="scale(1, -1)" textLength="%.5g" lengthAdjust="spacingAndGlyphs"`+"\n\t"+`style="font-family:'Liberation Sans',Arial,sans-serif;font-size:%spx;fill-opacity:0">%s</text>`,
			x, y, width, px, sm[4])
		return b.Bytes()
	})
	if firstErr != nil {
		return nil, firstErr
	}
	if len(glyphs) == 0 {
		return out, nil
	}
	loc := svgOpen.FindIndex(out)
	if loc == nil {
		return nil, fmt.Errorf("figures: SVG: no <svg> element")
	}
	ids := make([]int, 0, len(glyphs))
	for idx, d := range glyphs {
		if d != "" {
			ids = append(ids, int(idx))
		}
	}
	sort.Ints(ids)
	var defs bytes.Buffer
	defs.WriteString("<defs>\n")
	for _, idx := range ids {
		fmt.Fprintf(&defs, `<path id="%s%d" d="%s"/>`+"\n", prefix, idx, glyphs[sfnt.GlyphIndex(idx)])
	}
	defs.WriteString("</defs>\n")
	res := make([]byte, 0, len(out)+defs.Len())
	res = append(res, out[:loc[1]]...)
	res = append(res, defs.Bytes()...)
	return append(res, out[loc[1]:]...), nil
}

// glyphPath is the outline of one glyph as SVG path data in font units,
// y down (as sfnt gives it); "" for a glyph without contours.
func glyphPath(f *sfnt.Font, buf *sfnt.Buffer, idx sfnt.GlyphIndex, ppem fixed.Int26_6) (string, error) {
	segs, err := f.LoadGlyph(buf, idx, ppem, nil)
	if err != nil {
		return "", err
	}
	var d strings.Builder
	// At ppem = units per em, a 26.6 coordinate's raw value is in font units.
	pt := func(p fixed.Point26_6) string { return strconv.Itoa(int(p.X)) + " " + strconv.Itoa(int(p.Y)) }
	for _, s := range segs {
		switch s.Op {
		case sfnt.SegmentOpMoveTo:
			if d.Len() > 0 {
				d.WriteString("Z")
			}
			d.WriteString("M" + pt(s.Args[0]))
		case sfnt.SegmentOpLineTo:
			d.WriteString("L" + pt(s.Args[0]))
		case sfnt.SegmentOpQuadTo:
			d.WriteString("Q" + pt(s.Args[0]) + " " + pt(s.Args[1]))
		case sfnt.SegmentOpCubeTo:
			d.WriteString("C" + pt(s.Args[0]) + " " + pt(s.Args[1]) + " " + pt(s.Args[2]))
		}
	}
	if d.Len() > 0 {
		d.WriteString("Z")
	}
	return d.String(), nil
}
