package figures

import (
	"fmt"
	"image/color"
	"math"
	"strconv"

	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// DomainHeatMap is a configuration × domain heat map of ECS with the value
// printed in every cell.
type DomainHeatMap struct {
	// Title; empty means "ECS per domain (%)".
	Title string
	// Configs are the rows, top to bottom.
	Configs []string
	// Domains are the columns, left to right, drawn as given: as the tables
	// print them (a domain is an env_id such as "home_iot"; showing "_" as a
	// space drew "a_b" and "a b" alike).
	Domains []string
	// ECS[c][d] is the ECS of config c in domain d, in [0, 1]; NaN marks a
	// missing cell.
	ECS [][]float64
	// Measure is what the cells are, for the title and the scale; empty means "ECS"
	// (a bench of action rules: "authorized success", as its tables name it).
	Measure string
}

// Validate implements Figure.
func (h DomainHeatMap) Validate() error {
	if err := checkLabel("DomainHeatMap.Title", h.Title, true); err != nil {
		return err
	}
	if err := checkLabel("DomainHeatMap.Measure", h.Measure, true); err != nil {
		return err
	}
	if err := checkNames("DomainHeatMap.Configs", h.Configs); err != nil {
		return err
	}
	if err := checkNames("DomainHeatMap.Domains", h.Domains); err != nil {
		return err
	}
	if err := checkLen("DomainHeatMap.ECS", len(h.ECS), len(h.Configs), "config"); err != nil {
		return err
	}
	for c, row := range h.ECS {
		if err := checkLen(fmt.Sprintf("DomainHeatMap.ECS[%d]", c), len(row), len(h.Domains), "domain"); err != nil {
			return err
		}
		for d, v := range row {
			if err := checkRate(fmt.Sprintf("DomainHeatMap.ECS[%d][%d]", c, d), v, true); err != nil {
				return err
			}
		}
	}
	return nil
}

// heatStops is ColorBrewer's 9-class YlGnBu, rated colour-blind safe
// (values as in gonum.org/v1/plot/palette/brewer; a test checks them).
var heatStops = []color.Color{
	hex(0xFFFFD9), hex(0xEDF8B1), hex(0xC7E9B4), hex(0x7FCDBB), hex(0x41B6C4),
	hex(0x1D91C0), hex(0x225EA8), hex(0x253494), hex(0x081D58),
}

// heatColor interpolates heatStops linearly at v in [0, 1].
func heatColor(v float64) color.Color {
	v = min(1, max(0, v))
	pos := v * float64(len(heatStops)-1)
	i := min(int(pos), len(heatStops)-2)
	t := pos - float64(i)
	r0, g0, b0, _ := heatStops[i].RGBA()
	r1, g1, b1, _ := heatStops[i+1].RGBA()
	mix := func(a, b uint32) uint8 {
		return uint8(math.Round((float64(a)*(1-t) + float64(b)*t) / 257))
	}
	return color.RGBA{R: mix(r0, r1), G: mix(g0, g1), B: mix(b0, b1), A: 0xff}
}

func (h DomainHeatMap) layout(st style, o Options) (scene, error) {
	em := st.em
	W, m := o.Width, em*0.6
	inner := W - 2*m
	title := h.Title
	if title == "" {
		title = upperFirst(measureName(h.Measure)) + " per domain (%)"
	}
	tlines := wrap(st.title, title, inner)
	if w := maxWidth(st.title, tlines); w > inner {
		return scene{}, fitError("the title", w, inner)
	}
	gap := em * 0.5
	// A name wider than nameShare of the width is drawn on several lines in its row, which
	// is then as tall as they are, rather than widening the figure.
	labels, lines, nameW := wrapNames(st.label, h.Configs, inner*nameShare)
	labelW := nameW + gap
	nd := len(h.Domains)
	cellW := (inner - labelW) / vg.Length(nd)
	if need := st.small.Width("100.0") + em*0.4; cellW < need {
		return scene{}, fitError("the cells", labelW+need*vg.Length(nd), inner)
	}
	// Column headers above the grid, wrapped at spaces when every word
	// fits a cell; otherwise below it, turned 45°.
	heads := make([][]string, nd)
	rotated := false
	for d, name := range h.Domains {
		heads[d] = wrapAtSpaces(st.label, name, cellW-em*0.3)
		rotated = rotated || maxWidth(st.label, heads[d]) > cellW-em*0.3
	}
	var headH vg.Length
	if rotated {
		var wmax vg.Length
		for _, name := range h.Domains {
			wmax = max(wmax, st.label.Width(name))
		}
		sin := vg.Length(math.Sqrt2 / 2)
		headH = (wmax+lineHeight(st.label))*sin + em*0.3
		// The first header runs down-left from its column; it must not
		// leave the canvas.
		if reach := wmax*sin + lineHeight(st.label)*sin; m+labelW+cellW/2-reach < 0 {
			return scene{}, fitError("the domain names", reach-labelW-cellW/2, m)
		}
	} else {
		hlines := 0
		for _, hl := range heads {
			hlines = max(hlines, len(hl))
		}
		headH = vg.Length(hlines)*lineHeight(st.label) + em*0.3
	}
	barW := min(inner-labelW, em*14)
	scaleH := em*0.7 + xAxisHeight(st) + em*0.8
	fixed := 2*m + titleHeight(st, tlines) + headH + scaleH
	natural, least := lineHeight(st.label)*1.5, lineHeight(st.small)*1.05
	natural, least = fitLines(st, lines, natural, least, em*0.4)
	cellH, err := rowHeight(o, fixed, len(h.Configs), natural, least)
	if err != nil {
		return scene{}, err
	}
	H := fixed + vg.Length(len(h.Configs))*cellH
	x0 := m + labelW

	drawFn := func(c draw.Canvas) {
		y := c.Max.Y - m
		y -= drawTitle(c, st, tlines, y)
		if !rotated {
			for d, hl := range heads {
				cx := x0 + (vg.Length(d)+0.5)*cellW
				base := y - headH + em*0.3 + vg.Length(len(hl))*lineHeight(st.label)
				for i, l := range hl {
					c.FillText(align(st.label, draw.XCenter, draw.YTop), vg.Point{X: cx, Y: base - vg.Length(i)*lineHeight(st.label)}, l)
				}
			}
			y -= headH
		}
		gridTop := y
		gridBot := h.drawCells(c, st, labels, x0, gridTop, cellW, cellH, gap)
		y = gridBot
		if rotated {
			ts := align(st.label, draw.XRight, draw.YCenter)
			ts.Rotation = math.Pi / 4
			for d, name := range h.Domains {
				cx := x0 + (vg.Length(d)+0.5)*cellW
				c.FillText(ts, vg.Point{X: cx, Y: y - em*0.3}, name)
			}
			y -= headH
		}
		// The colour scale, centred under the grid, clear of its label.
		y -= em * 0.8
		bx0 := x0 + (inner-labelW-barW)/2
		bx0 = max(bx0, m+st.label.Width(upperFirst(measureName(h.Measure))+" (%)")+gap)
		// The "100" is centred on the scale's end: where the grid reaches the margin
		// (long names), the scale ends short of it so that the label stays on the canvas.
		bw := min(barW, W-st.small.Width("100")/2-bx0)
		drawHeatScale(c, st, bx0, y, bw, gap, upperFirst(measureName(h.Measure))+" (%)")
	}
	return scene{w: W, h: H, draw: drawFn}, nil
}

// drawCells draws the grid of cells from gridTop down, each configuration's name (its
// lines, labels) at its row's left and each cell's ECS on its colour (– without
// episodes), and returns the grid's bottom.
func (h DomainHeatMap) drawCells(c draw.Canvas, st style, labels [][]string, x0, gridTop, cellW, cellH, gap vg.Length) (gridBot vg.Length) {
	nd := len(h.Domains)
	for ci := range h.Configs {
		top := gridTop - vg.Length(ci)*cellH
		fillLines(c, align(st.label, draw.XRight, draw.YCenter), vg.Point{X: x0 - gap, Y: top - cellH/2}, labels[ci])
		for d := range h.Domains {
			v := h.ECS[ci][d]
			r := rect(x0+vg.Length(d)*cellW, top-cellH, x0+vg.Length(d+1)*cellW, top)
			var bg color.Color = missingBG
			txt := "–"
			if !math.IsNaN(v) {
				bg, txt = heatColor(v), strconv.FormatFloat(v*100, 'f', 1, 64)
			}
			fillRect(c, bg, r)
			c.FillText(align(colored(st.small, textOn(bg)), draw.XCenter, draw.YCenter), vg.Point{X: (r.Min.X + r.Max.X) / 2, Y: top - cellH/2}, txt)
		}
	}
	// Thin white lines keep neighbouring cells of equal colour apart.
	gridBot = gridTop - vg.Length(len(h.Configs))*cellH
	for d := 1; d < nd; d++ {
		x := x0 + vg.Length(d)*cellW
		line(c, lineStyle(white, 0.5), vg.Point{X: x, Y: gridBot}, vg.Point{X: x, Y: gridTop})
	}
	for ci := 1; ci < len(h.Configs); ci++ {
		yy := gridTop - vg.Length(ci)*cellH
		line(c, lineStyle(white, 0.5), vg.Point{X: x0, Y: yy}, vg.Point{X: x0 + vg.Length(nd)*cellW, Y: yy})
	}
	return gridBot
}

// drawHeatScale draws the colour scale: a strip of small steps from x0 (barW wide, its top
// at y) with ticks at 0, 25, 50, 75 and 100, labelled at its left.
func drawHeatScale(c draw.Canvas, st style, x0, y, barW, gap vg.Length, label string) {
	em := st.em
	fr := frame{r: rect(x0, y-em*0.7, x0+barW, y), x0: 0, x1: 1, y0: 0, y1: 1}
	const steps = 64
	for i := 0; i < steps; i++ {
		fillRect(c, heatColor((float64(i)+0.5)/steps), rect(fr.X(float64(i)/steps), fr.r.Min.Y, fr.X(float64(i+1)/steps)+0.2, fr.r.Max.Y))
	}
	xAxis(c, st, fr, []tick{{0, "0"}, {0.25, "25"}, {0.5, "50"}, {0.75, "75"}, {1, "100"}}, false)
	c.FillText(align(st.label, draw.XRight, draw.YCenter), vg.Point{X: x0 - gap, Y: y - em*0.35}, label)
}
