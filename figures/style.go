package figures

import (
	"image/color"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// sans is the bundled Liberation Sans; set on every text style explicitly
// so that nothing depends on (or changes) plot.DefaultFont.
var sans = font.Font{Typeface: "Liberation", Variant: "Sans"}

// style carries the sizes of one rendering; em is the base font size and
// the unit of every gap and thickness.
type style struct {
	em    vg.Length
	title draw.TextStyle
	label draw.TextStyle // axis labels, names
	small draw.TextStyle // cell values, tick labels
}

func newStyle(o Options) style {
	mk := func(size vg.Length) draw.TextStyle {
		return text.Style{
			Color:   color.Black,
			Font:    font.From(sans, size),
			XAlign:  draw.XLeft,
			YAlign:  draw.YBottom,
			Handler: plot.DefaultTextHandler,
		}
	}
	return style{
		em:    o.FontSize,
		title: mk(o.FontSize * 1.2),
		label: mk(o.FontSize),
		small: mk(o.FontSize * 0.9),
	}
}

// align returns ts anchored by (x, y).
func align(ts draw.TextStyle, x draw.XAlignment, y draw.YAlignment) draw.TextStyle {
	ts.XAlign, ts.YAlign = x, y
	return ts
}

func colored(ts draw.TextStyle, c color.Color) draw.TextStyle {
	ts.Color = c
	return ts
}

// lineHeight is the distance between baselines of ts.
func lineHeight(ts draw.TextStyle) vg.Length { return ts.FontExtents().Height }

func hex(v uint32) color.RGBA {
	return color.RGBA{R: uint8(v >> 16), G: uint8(v >> 8), B: uint8(v), A: 0xff}
}

// Okabe & Ito (2008), "Color Universal Design"; yellow (#F0E442) is left
// out because it vanishes on white as a thin line or small bar.
var okabeIto = []color.RGBA{
	hex(0x0072B2), // blue
	hex(0xE69F00), // orange
	hex(0x009E73), // bluish green
	hex(0xD55E00), // vermillion
	hex(0xCC79A7), // reddish purple
	hex(0x56B4E9), // sky blue
	hex(0x000000), // black
}

var (
	black     = color.Black
	white     = color.White
	gridGrey  = hex(0xE5E5E5)
	tieGrey   = hex(0xD0D0D0) // tie-group bars of the rank slope chart
	axisGrey  = hex(0x555555)
	textGrey  = hex(0x666666)
	missingBG = hex(0xF2F2F2)
)

// luminance is the relative luminance of c (WCAG 2.x), used to choose black
// or white text on a coloured cell.
func luminance(c color.Color) float64 {
	r, g, b, _ := c.RGBA()
	lin := func(v uint32) float64 {
		s := float64(v) / 0xffff
		if s <= 0.04045 {
			return s / 12.92
		}
		return math.Pow((s+0.055)/1.055, 2.4)
	}
	return 0.2126*lin(r) + 0.7152*lin(g) + 0.0722*lin(b)
}

// textOn returns black or white, whichever contrasts more with bg.
func textOn(bg color.Color) color.Color {
	// Contrast ratios against black and white cross at L ≈ 0.179.
	if luminance(bg) < 0.179 {
		return white
	}
	return black
}
