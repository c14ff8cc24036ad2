package figures

import (
	"fmt"
	"image/color"
	"math"

	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// Success is the category name that FailureMix draws as the share of
// successful episodes (a white bar segment).
const Success = "success"

// FailureMix is the paper's Figure 5: for each protocol (one panel) and
// configuration (one horizontal bar), the proportions of the failure
// categories, stacked.
//
// What a bar sums over is the caller's explicit choice: without the
// Success category the shares are of failed episodes; with it (Success in
// Categories) they are of all scored episodes. Either way each bar's
// shares sum to 1, or are all 0 for a bar with no episodes (drawn as "no
// data").
type FailureMix struct {
	// Title; empty means a default naming what the shares are of.
	Title string
	// Configs are the bars, top to bottom.
	Configs []string
	// Protocols are the panels, in reading order.
	Protocols []string
	// Categories in stacking order, left to right; nil means FailureTypes.
	Categories []string
	// Shares[c][p][k] is the proportion of category k for config c on
	// protocol p.
	Shares [][][]float64
}

func (f FailureMix) categories() []string {
	if f.Categories == nil {
		return FailureTypes
	}
	return f.Categories
}

func (f FailureMix) withSuccess() bool {
	for _, c := range f.categories() {
		if c == Success {
			return true
		}
	}
	return false
}

// Validate implements Figure.
func (f FailureMix) Validate() error {
	if err := checkLabel("FailureMix.Title", f.Title, true); err != nil {
		return err
	}
	if err := checkNames("FailureMix.Configs", f.Configs); err != nil {
		return err
	}
	if err := checkNames("FailureMix.Protocols", f.Protocols); err != nil {
		return err
	}
	cats := f.categories()
	if err := checkNames("FailureMix.Categories", cats); err != nil {
		return err
	}
	if err := checkLen("FailureMix.Shares", len(f.Shares), len(f.Configs), "config"); err != nil {
		return err
	}
	for c, byP := range f.Shares {
		if err := checkLen(fmt.Sprintf("FailureMix.Shares[%d]", c), len(byP), len(f.Protocols), "protocol"); err != nil {
			return err
		}
		for p, ks := range byP {
			field := fmt.Sprintf("FailureMix.Shares[%d][%d]", c, p)
			if err := checkLen(field, len(ks), len(cats), "category"); err != nil {
				return err
			}
			sum := 0.0
			for k, v := range ks {
				if err := checkRate(fmt.Sprintf("%s[%d]", field, k), v, false); err != nil {
					return err
				}
				sum += v
			}
			if sum != 0 && math.Abs(sum-1) > 1e-6 {
				return fmt.Errorf("figures: %s (%s, %s): shares sum to %.6g, want 1 (or all 0 for no data)", field, f.Configs[c], f.Protocols[p], sum)
			}
		}
	}
	return nil
}

func (f FailureMix) colorOf(k int, name string) color.Color {
	if c, ok := failureColors[name]; ok {
		return c
	}
	return okabeIto[k%len(okabeIto)]
}

func (f FailureMix) layout(st style, o Options) (scene, error) {
	em := st.em
	W, m := o.Width, em*0.6
	cats := f.categories()
	title := f.Title
	if title == "" {
		title = "Failure types per protocol"
		if f.withSuccess() {
			title = "Outcomes per protocol"
		}
	}
	xlabel := "Share of failed episodes (%)"
	if f.withSuccess() {
		xlabel = "Share of scored episodes (%)"
	}
	inner := W - 2*m
	tlines := wrap(st.title, title, inner)
	if w := maxWidth(st.title, tlines); w > inner {
		return scene{}, fitError("the title", w, inner)
	}
	labelGap := em * 0.5
	// A long name is drawn on several lines, as in ecs_by_protocol (nameShare).
	labels, lines, nameW := wrapNames(st.label, f.Configs, inner*nameShare)
	labelW := nameW + labelGap
	// The "100" of one panel and the "0" of the next must not read as one
	// number ("1000"): two ems of white between them. The last "100" stays
	// on the canvas.
	avail := inner - labelW - st.small.Width("100")/2
	gapX := (st.small.Width("100")+st.small.Width("0"))/2 + em*2
	minPanel := em * 6
	ncMax := int((avail + gapX) / (minPanel + gapX))
	if ncMax < 1 {
		return scene{}, fitError("the configuration names and one panel", labelW+minPanel, inner)
	}
	n := len(f.Protocols)
	gridRows := (n + ncMax - 1) / ncMax
	nc := (n + gridRows - 1) / gridRows
	panelW := (avail - vg.Length(nc-1)*gapX) / vg.Length(nc)

	leg := newLegend(st, "", f.legendEntries(cats), inner)
	if !leg.fits(inner) {
		return scene{}, fitError("a legend entry", leg.colW, inner)
	}

	ptitles, ptLines, err := f.panelTitles(st, panelW)
	if err != nil {
		return scene{}, err
	}
	panelTitleH := vg.Length(ptLines)*lineHeight(st.label) + lineHeight(st.label)*0.3
	axisH := xAxisHeight(st)
	gapY := em * 0.8
	xlabelH := lineHeight(st.label) * 1.4
	legGap := em * 0.6
	nRows := gridRows * len(f.Configs)
	fixed := 2*m + titleHeight(st, tlines) + vg.Length(gridRows)*(panelTitleH+axisH) +
		vg.Length(gridRows-1)*gapY + xlabelH + legGap + leg.height(st)
	natural, least := lineHeight(st.label)*1.2, lineHeight(st.small)
	natural, least = fitLines(st, lines, natural, least, lineHeight(st.label)*0.2)
	rowH, err := rowHeight(o, fixed, nRows, natural, least)
	if err != nil {
		return scene{}, err
	}
	H := fixed + vg.Length(nRows)*rowH
	ticks := []tick{{0, "0"}, {0.25, ""}, {0.5, "50"}, {0.75, ""}, {1, "100"}}

	drawFn := func(c draw.Canvas) {
		y := c.Max.Y - m
		y -= drawTitle(c, st, tlines, y)
		for g := 0; g < gridRows; g++ {
			dataTop := y - panelTitleH
			dataBot := dataTop - vg.Length(len(f.Configs))*rowH
			for i := range f.Configs {
				cy := dataTop - (vg.Length(i)+0.5)*rowH
				fillLines(c, align(st.label, draw.XRight, draw.YCenter), vg.Point{X: m + labelW - labelGap, Y: cy}, labels[i])
			}
			for k := 0; k < nc; k++ {
				p := g*nc + k
				if p >= n {
					break
				}
				x0 := m + labelW + vg.Length(k)*(panelW+gapX)
				fr := frame{r: rect(x0, dataBot, x0+panelW, dataTop), x0: 0, x1: 1, y0: 0, y1: 1}
				for i, l := range ptitles[p] {
					up := vg.Length(len(ptitles[p])-1-i) * lineHeight(st.label)
					c.FillText(align(st.label, draw.XCenter, draw.YBottom), vg.Point{X: x0 + panelW/2, Y: dataTop + em*0.25 + up}, l)
				}
				xAxis(c, st, fr, ticks, true)
				for i := range f.Configs {
					f.drawBar(c, st, fr, dataTop-(vg.Length(i)+0.5)*rowH, rowH*0.72, f.Shares[i][p], cats)
				}
			}
			y = dataBot - axisH - gapY
		}
		y += gapY
		cx := clampCenter(m+labelW+avail/2, st.label.Width(xlabel), m, W-m) // on the canvas beside long names
		c.FillText(align(st.label, draw.XCenter, draw.YTop), vg.Point{X: cx, Y: y - em*0.2}, xlabel)
		y -= xlabelH + legGap
		leg.draw(c, st, m, W-m, y)
	}
	return scene{w: W, h: H, draw: drawFn}, nil
}

// legendEntries are the legend's entries: only the categories that occur, in stacking
// order.
func (f FailureMix) legendEntries(cats []string) []legendEntry {
	var entries []legendEntry
	for k, name := range cats {
		used := false
		for _, byP := range f.Shares {
			for _, ks := range byP {
				used = used || ks[k] > 0
			}
		}
		if used {
			entries = append(entries, legendEntry{label: humanize(name), color: f.colorOf(k, name)})
		}
	}
	return entries
}

// panelTitles wraps each protocol's panel title at spaces to the panel width, and says
// how many lines the longest takes; a word wider than the panel is a fit error.
func (f FailureMix) panelTitles(st style, panelW vg.Length) (titles [][]string, lines int, err error) {
	titles = make([][]string, len(f.Protocols))
	lines = 1
	for p, name := range f.Protocols {
		titles[p] = wrap(st.label, name, panelW)
		if w := maxWidth(st.label, titles[p]); w > panelW {
			return nil, 0, fitError(fmt.Sprintf("protocol name %q", name), w, panelW)
		}
		lines = max(lines, len(titles[p]))
	}
	return titles, lines, nil
}

// drawBar draws one stacked bar centred at cy; white hairlines separate
// segments so that neighbours of similar lightness stay apart.
func (f FailureMix) drawBar(c draw.Canvas, st style, fr frame, cy, thick vg.Length, shares []float64, cats []string) {
	sum := 0.0
	for _, v := range shares {
		sum += v
	}
	if sum == 0 {
		c.FillText(align(colored(st.small, textGrey), draw.XLeft, draw.YCenter), vg.Point{X: fr.r.Min.X + st.em*0.3, Y: cy}, "no data")
		return
	}
	acc := 0.0
	for k, v := range shares {
		if v == 0 {
			continue
		}
		x0, x1 := fr.X(acc/sum), fr.X((acc+v)/sum)
		r := rect(x0, cy-thick/2, x1, cy+thick/2)
		fillRect(c, f.colorOf(k, cats[k]), r)
		if cats[k] == Success {
			strokeRect(c, lineStyle(textGrey, 0.4), r)
		}
		if acc > 0 {
			line(c, lineStyle(white, 0.5), vg.Point{X: x0, Y: cy - thick/2}, vg.Point{X: x0, Y: cy + thick/2})
		}
		acc += v
	}
}
