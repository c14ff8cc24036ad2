package figures

import (
	"image/color"

	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// legendEntry is one key of a legend: a filled swatch and its label.
type legendEntry struct {
	label string
	color color.Color
}

// legendLayout places entries in a grid that reads left to right, below
// the data; columns share one width so the keys line up.
type legendLayout struct {
	title   string
	entries []legendEntry
	cols    int
	colW    vg.Length
	rowH    vg.Length
}

func newLegend(st style, title string, entries []legendEntry, width vg.Length) legendLayout {
	l := legendLayout{title: title, entries: entries, rowH: lineHeight(st.label) * 1.15}
	sw := st.em * 1.1
	for _, e := range entries {
		l.colW = max(l.colW, sw+st.em*0.4+st.label.Width(e.label)+st.em*1.2)
	}
	l.cols = 1
	if l.colW > 0 {
		l.cols = max(1, min(len(entries), int(width/l.colW)))
	}
	return l
}

func (l legendLayout) rows() int {
	if len(l.entries) == 0 {
		return 0
	}
	return (len(l.entries) + l.cols - 1) / l.cols
}

// height is the vertical room the legend needs, title included.
func (l legendLayout) height(st style) vg.Length {
	if len(l.entries) == 0 {
		return 0
	}
	h := vg.Length(l.rows()) * l.rowH
	if l.title != "" {
		h += lineHeight(st.label) * 1.1
	}
	return h
}

// width is the horizontal room of the widest row.
func (l legendLayout) width() vg.Length { return vg.Length(min(l.cols, len(l.entries))) * l.colW }

// fits reports whether every entry fits into maxW.
func (l legendLayout) fits(maxW vg.Length) bool { return l.colW <= maxW }

// draw draws the legend centred horizontally in [x0, x1] from top down.
func (l legendLayout) draw(c draw.Canvas, st style, x0, x1, top vg.Length) {
	if len(l.entries) == 0 {
		return
	}
	left := x0 + (x1-x0-l.width())/2
	y := top
	if l.title != "" {
		c.FillText(align(st.label, draw.XLeft, draw.YTop), vg.Point{X: left, Y: y}, l.title)
		y -= lineHeight(st.label) * 1.1
	}
	sw := st.em * 1.1
	for i, e := range l.entries {
		r, k := i/l.cols, i%l.cols
		x := left + vg.Length(k)*l.colW
		cy := y - vg.Length(r)*l.rowH - l.rowH/2
		box := rect(x, cy-st.em*0.35, x+sw, cy+st.em*0.35)
		fillRect(c, e.color, box)
		if luminance(e.color) > 0.8 { // pale swatches need an edge on white
			strokeRect(c, lineStyle(textGrey, 0.4), box)
		}
		c.FillText(align(st.label, draw.XLeft, draw.YCenter), vg.Point{X: x + sw + st.em*0.4, Y: cy}, e.label)
	}
}
