package figures

import (
	"fmt"
	"math"

	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// Interval is a point estimate of a proportion, in [0, 1], with its confidence interval.
// A NaN Estimate marks a missing cell; NaN Lo and Hi mark an estimate without an interval.
// Lo and Hi lie in [-1, 2]: a basic interval (2θ̂ − q_hi, 2θ̂ − q_lo) of a rate can pass 0
// or 1, and the figure draws it as the table prints it, its axis widened to hold it.
type Interval struct {
	Estimate, Lo, Hi float64
}

func (iv Interval) check(field string) error {
	if err := checkRate(field+".Estimate", iv.Estimate, true); err != nil {
		return err
	}
	if math.IsNaN(iv.Lo) != math.IsNaN(iv.Hi) {
		return fmt.Errorf("figures: %s: Lo and Hi must both be set or both be NaN", field)
	}
	for _, b := range []struct {
		name string
		v    float64
	}{{".Lo", iv.Lo}, {".Hi", iv.Hi}} {
		if math.IsInf(b.v, 0) || b.v < -1 || b.v > 2 {
			return fmt.Errorf("figures: %s%s: %v outside [-1, 2]", field, b.name, b.v)
		}
	}
	if iv.Lo > iv.Hi {
		return fmt.Errorf("figures: %s: Lo %v above Hi %v", field, iv.Lo, iv.Hi)
	}
	return nil
}

// ECSByProtocol shows ECS per protocol for each configuration with
// confidence intervals: one group of horizontal bars per configuration,
// one bar per protocol, whiskers for the intervals.
type ECSByProtocol struct {
	// Title; empty means "ECS per protocol (95% CI)".
	Title string
	// Configs are the groups, top to bottom.
	Configs []string
	// Protocols are the bars of each group, top to bottom (and the legend).
	Protocols []string
	// Level is the confidence level of the intervals (e.g. 0.95), for the
	// labels; 0 leaves it unstated.
	Level float64
	// ECS[c][p] is the ECS of config c on protocol p.
	ECS [][]Interval
	// Measure is what the bars are, for the title and the axis; empty means "ECS" (a
	// bench of action rules: "authorized success", as its tables name it).
	Measure string
}

// Validate implements Figure.
func (e ECSByProtocol) Validate() error {
	if err := checkLabel("ECSByProtocol.Title", e.Title, true); err != nil {
		return err
	}
	if err := checkLabel("ECSByProtocol.Measure", e.Measure, true); err != nil {
		return err
	}
	if err := checkNames("ECSByProtocol.Configs", e.Configs); err != nil {
		return err
	}
	if err := checkNames("ECSByProtocol.Protocols", e.Protocols); err != nil {
		return err
	}
	if err := checkLevel("ECSByProtocol.Level", e.Level); err != nil {
		return err
	}
	if err := checkLen("ECSByProtocol.ECS", len(e.ECS), len(e.Configs), "config"); err != nil {
		return err
	}
	for c, row := range e.ECS {
		if err := checkLen(fmt.Sprintf("ECSByProtocol.ECS[%d]", c), len(row), len(e.Protocols), "protocol"); err != nil {
			return err
		}
		for p, iv := range row {
			if err := iv.check(fmt.Sprintf("ECSByProtocol.ECS[%d][%d]", c, p)); err != nil {
				return err
			}
		}
	}
	return nil
}

// span is the axis range: 0 to 1, widened by steps of its ticks (0.2) to hold every
// interval (a basic interval can pass 0 or 1).
func (e ECSByProtocol) span() (lo, hi float64) {
	lo, hi = 0, 1
	for _, row := range e.ECS {
		for _, iv := range row {
			if !math.IsNaN(iv.Lo) {
				lo, hi = min(lo, math.Floor(iv.Lo/0.2+1e-9)*0.2), max(hi, math.Ceil(iv.Hi/0.2-1e-9)*0.2)
			}
		}
	}
	return lo, hi
}

// whiskers counts the bars with a rate but no interval (too few cases to resample, or
// none asked for) and those with one.
func (e ECSByProtocol) whiskers() (bare, whiskered int) {
	for _, row := range e.ECS {
		for _, iv := range row {
			switch {
			case math.IsNaN(iv.Estimate):
			case math.IsNaN(iv.Lo):
				bare++
			default:
				whiskered++
			}
		}
	}
	return bare, whiskered
}

func (e ECSByProtocol) layout(st style, o Options) (scene, error) {
	em := st.em
	W, m := o.Width, em*0.6
	inner := W - 2*m
	bare, whiskered := e.whiskers()
	title := e.Title
	if title == "" {
		title = upperFirst(measureName(e.Measure)) + " per protocol (" + levelText(e.Level) + ")"
		if whiskered == 0 {
			title = upperFirst(measureName(e.Measure)) + " per protocol"
		}
	}
	tlines := wrap(st.title, title, inner)
	if w := maxWidth(st.title, tlines); w > inner {
		return scene{}, fitError("the title", w, inner)
	}
	labelGap := em * 0.5
	// A name wider than nameShare of the width is drawn on several lines beside its bars,
	// which then keep the rest.
	labels, lines, nameW := wrapNames(st.label, e.Configs, inner*nameShare)
	labelW := nameW + labelGap
	plotW := inner - labelW - em*0.8 // room for the "100" tick label
	if plotW < em*8 {
		return scene{}, fitError("the configuration names and the bars", labelW+em*8.8, inner)
	}
	var entries []legendEntry
	for p, name := range e.Protocols {
		entries = append(entries, legendEntry{label: name, color: okabeIto[p%len(okabeIto)]})
	}
	leg := newLegend(st, "", entries, inner)
	if !leg.fits(inner) {
		return scene{}, fitError("a legend entry", leg.colW, inner)
	}
	np := len(e.Protocols)
	axisH := xAxisHeight(st)
	xlabelH := lineHeight(st.label) * 1.4
	legGap := em * 0.6
	fixed := 2*m + titleHeight(st, tlines) + em*0.3 + axisH + xlabelH + legGap + leg.height(st)
	natural := vg.Length(np)*em*0.62 + em*0.8
	least := vg.Length(np)*2 + em*0.4
	natural, least = fitLines(st, lines, natural, least, em*0.4)
	groupH, err := rowHeight(o, fixed, len(e.Configs), natural, least)
	if err != nil {
		return scene{}, err
	}
	gap := groupH * 0.8 / (vg.Length(np)*0.62 + 0.8) // the gap keeps its share when stretched
	bar := (groupH - gap) / vg.Length(np)
	H := fixed + vg.Length(len(e.Configs))*groupH
	// A bar without whiskers would read as a rate known exactly.
	unit := upperFirst(measureName(e.Measure)) + " (%)"
	xlabel := unit + "; whiskers: " + levelText(e.Level)
	switch {
	case whiskered == 0:
		xlabel = unit + "; no intervals"
	case bare > 0:
		xlabel += " (a bar without: no interval)"
	}
	lo, hi := e.span()
	ticks := linearTicks(lo, hi, 0.2, 100)

	drawFn := func(c draw.Canvas) {
		y := c.Max.Y - m
		y -= drawTitle(c, st, tlines, y)
		dataTop := y - em*0.3
		dataBot := dataTop - vg.Length(len(e.Configs))*groupH
		x0 := m + labelW
		fr := frame{r: rect(x0, dataBot, x0+plotW, dataTop), x0: lo, x1: hi, y0: 0, y1: 1}
		zero := fr.X(0) // where the bars start: the left edge unless an interval passes 0
		xAxis(c, st, fr, ticks, true)
		for ci := range e.Configs {
			gTop := dataTop - vg.Length(ci)*groupH - gap/2
			fillLines(c, align(st.label, draw.XRight, draw.YCenter), vg.Point{X: x0 - labelGap, Y: gTop - (groupH-gap)/2}, labels[ci])
			for p := range e.Protocols {
				iv := e.ECS[ci][p]
				cy := gTop - (vg.Length(p)+0.5)*bar
				if math.IsNaN(iv.Estimate) {
					// Said as failure_types says it ("n/a" read as not applicable); shrunk to the bar
					// so that it cannot run into its neighbours.
					ts := align(colored(st.small, textGrey), draw.XLeft, draw.YCenter)
					ts.Font.Size = min(ts.Font.Size, bar*1.1)
					c.FillText(ts, vg.Point{X: zero + em*0.2, Y: cy}, "no data")
					continue
				}
				// A bar is at least a hairline wide: a 0% bar drew nothing, and its slot read as
				// empty beside the "no data" of a protocol not run.
				fillRect(c, okabeIto[p%len(okabeIto)], rect(zero, cy-bar*0.45, max(fr.X(iv.Estimate), zero+minBarWidth(em)), cy+bar*0.45))
				if !math.IsNaN(iv.Lo) {
					ls := lineStyle(black, max(0.5, em*0.07))
					cap := bar * 0.4
					line(c, ls, vg.Point{X: fr.X(iv.Lo), Y: cy}, vg.Point{X: fr.X(iv.Hi), Y: cy})
					line(c, ls, vg.Point{X: fr.X(iv.Lo), Y: cy - cap}, vg.Point{X: fr.X(iv.Lo), Y: cy + cap})
					line(c, ls, vg.Point{X: fr.X(iv.Hi), Y: cy - cap}, vg.Point{X: fr.X(iv.Hi), Y: cy + cap})
				}
			}
		}
		y = dataBot - axisH
		// Centred under the plot, but kept on the canvas where long names leave the plot
		// narrower than the label.
		cx := clampCenter(x0+plotW/2, st.label.Width(xlabel), m, W-m)
		c.FillText(align(st.label, draw.XCenter, draw.YTop), vg.Point{X: cx, Y: y - em*0.2}, xlabel)
		y -= xlabelH + legGap
		leg.draw(c, st, m, W-m, y)
	}
	return scene{w: W, h: H, draw: drawFn}, nil
}

// minBarWidth is the least width a bar is drawn with, so that a rate of 0 shows a bar at 0:
// about one PNG pixel at 300 dpi in a column figure, less than the whiskers' line.
func minBarWidth(em vg.Length) vg.Length { return max(0.5, em*0.07) }
