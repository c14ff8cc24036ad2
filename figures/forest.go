package figures

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// Comparison is one row of a forest plot: a paired difference of two
// proportions (in [-1, 1]) with its confidence interval. NaN Lo and Hi
// mark a difference without an interval.
type Comparison struct {
	Label            string
	Estimate, Lo, Hi float64
}

// Forest is a forest plot of paired differences: one row per comparison,
// top to bottom, a point with its interval, a dashed zero line, and the
// numbers at the right. A point is filled when its interval excludes 0
// and hollow when it does not.
type Forest struct {
	// Title; empty means "Paired differences (95% CI)".
	Title string
	// XLabel; empty means "Difference in ECS (percentage points)".
	XLabel string
	// Level is the confidence level of the intervals (e.g. 0.95); 0 leaves
	// it unstated.
	Level float64
	Rows  []Comparison
}

// Validate implements Figure.
func (f Forest) Validate() error {
	if err := checkLabel("Forest.Title", f.Title, true); err != nil {
		return err
	}
	if err := checkLabel("Forest.XLabel", f.XLabel, true); err != nil {
		return err
	}
	if err := checkLevel("Forest.Level", f.Level); err != nil {
		return err
	}
	if len(f.Rows) == 0 {
		return fmt.Errorf("figures: Forest.Rows: empty")
	}
	if len(f.Rows) > maxItems {
		return fmt.Errorf("figures: Forest.Rows: %d rows, at most %d", len(f.Rows), maxItems)
	}
	for i, r := range f.Rows {
		field := fmt.Sprintf("Forest.Rows[%d]", i)
		if err := checkLabel(field+".Label", r.Label, false); err != nil {
			return err
		}
		if math.IsNaN(r.Estimate) {
			return fmt.Errorf("figures: %s.Estimate: NaN", field)
		}
		if r.Estimate < -1 || r.Estimate > 1 {
			return fmt.Errorf("figures: %s.Estimate: %v outside [-1, 1]", field, r.Estimate)
		}
		if math.IsNaN(r.Lo) != math.IsNaN(r.Hi) {
			return fmt.Errorf("figures: %s: Lo and Hi must both be set or both be NaN", field)
		}
		for _, b := range []struct {
			name string
			v    float64
		}{{"Lo", r.Lo}, {"Hi", r.Hi}} {
			if !math.IsNaN(b.v) && (b.v < -1 || b.v > 1) {
				return fmt.Errorf("figures: %s.%s: %v outside [-1, 1]", field, b.name, b.v)
			}
		}
		if r.Lo > r.Hi {
			return fmt.Errorf("figures: %s: Lo %v above Hi %v", field, r.Lo, r.Hi)
		}
	}
	return nil
}

// pp formats a difference in percentage points with a sign and a true minus sign; an
// interval's bounds too, as the tables print them ("[−15.2, +30.0]").
func pp(v float64) string {
	s := strconv.FormatFloat(v*100, 'f', 1, 64)
	if s == "-0.0" {
		s = "0.0"
	}
	if !strings.HasPrefix(s, "-") && s != "0.0" {
		s = "+" + s
	}
	return strings.Replace(s, "-", "−", 1)
}

func (f Forest) valueText(r Comparison) string {
	if math.IsNaN(r.Lo) {
		return pp(r.Estimate)
	}
	return pp(r.Estimate) + " [" + pp(r.Lo) + ", " + pp(r.Hi) + "]"
}

func (f Forest) anyInterval() bool {
	for _, r := range f.Rows {
		if !math.IsNaN(r.Lo) {
			return true
		}
	}
	return false
}

// anyWithout: some row has no interval.
func (f Forest) anyWithout() bool {
	for _, r := range f.Rows {
		if math.IsNaN(r.Lo) {
			return true
		}
	}
	return false
}

// xRange returns a range with nice ends that holds 0 and every interval.
func (f Forest) xRange() (lo, hi, step float64) {
	lo, hi = 0, 0
	for _, r := range f.Rows {
		for _, v := range []float64{r.Estimate, r.Lo, r.Hi} {
			if !math.IsNaN(v) {
				lo, hi = min(lo, v), max(hi, v)
			}
		}
	}
	if hi-lo < 0.02 {
		lo, hi = lo-0.01, hi+0.01
	}
	step = niceStep(hi-lo, 5)
	return math.Floor(lo/step-1e-9) * step, math.Ceil(hi/step+1e-9) * step, step
}

func (f Forest) layout(st style, o Options) (scene, error) {
	em := st.em
	W, m := o.Width, em*0.6
	inner := W - 2*m
	// Without any interval (no resamples), neither the title nor the header names a
	// confidence level: the figure draws the point estimates alone.
	intervals := f.anyInterval()
	title := f.Title
	if title == "" {
		title = "Paired differences"
		if intervals {
			title += " (" + levelText(f.Level) + ")"
		}
	}
	xlabel := f.XLabel
	if xlabel == "" {
		xlabel = "Difference in ECS (percentage points)"
	}
	tlines := wrap(st.title, title, inner)
	if w := maxWidth(st.title, tlines); w > inner {
		return scene{}, fitError("the title", w, inner)
	}
	names := make([]string, len(f.Rows))
	values := make([]string, len(f.Rows))
	for i, r := range f.Rows {
		names[i], values[i] = r.Label, f.valueText(r)
	}
	header := "Δ"
	if intervals {
		header += " [" + levelText(f.Level) + "]"
	}
	gap := em * 0.6
	// A long row label is drawn on several lines, as a configuration's name elsewhere.
	labels, lines, nameW := wrapNames(st.label, names, inner*nameShare)
	labelW := nameW + gap
	valueW := max(maxWidth(st.small, values), st.small.Width(header)) + gap
	plotW := inner - labelW - valueW
	lo, hi, step := f.xRange()
	ticks := linearTicks(lo, hi, step, 100)
	if plotW < em*8 {
		return scene{}, fitError("the row labels, the numbers and the plot", labelW+valueW+em*8, inner)
	}
	xlines := wrap(st.label, xlabel, plotW)
	if w := maxWidth(st.label, xlines); w > inner {
		return scene{}, fitError("the x label", w, inner)
	}
	axisH := xAxisHeight(st)
	headerH := lineHeight(st.small) * 1.3
	// A point without whiskers is hollow too: the note says so where there is one, so that
	// it is not read as an interval that holds 0.
	note := "Filled: the interval excludes 0; hollow: it does not."
	switch {
	case !intervals:
		note = "No intervals: each point is the estimate alone."
	case f.anyWithout():
		note = "Filled: the interval excludes 0; hollow: it does not, or there is none (no whiskers)."
	}
	nlines := wrap(colored(st.small, textGrey), note, inner)
	xlabelH := vg.Length(len(xlines))*lineHeight(st.label) + vg.Length(len(nlines))*lineHeight(st.small) + em*0.4
	fixed := 2*m + titleHeight(st, tlines) + headerH + axisH + xlabelH
	natural, least := lineHeight(st.label)*1.35, lineHeight(st.small)
	natural, least = fitLines(st, lines, natural, least, lineHeight(st.label)*0.35)
	rowH, err := rowHeight(o, fixed, len(f.Rows), natural, least)
	if err != nil {
		return scene{}, err
	}
	H := fixed + vg.Length(len(f.Rows))*rowH
	x0 := m + labelW
	fr0 := frame{x0: lo, x1: hi, y0: 0, y1: 1}
	fr0.r = rect(x0, 0, x0+plotW, 1)
	for !tickLabelsFit(st, fr0, ticks) && len(ticks) > 2 {
		step *= 2
		ticks = linearTicks(lo, hi, step, 100)
	}

	drawFn := func(c draw.Canvas) {
		y := c.Max.Y - m
		y -= drawTitle(c, st, tlines, y)
		c.FillText(align(colored(st.small, textGrey), draw.XLeft, draw.YTop), vg.Point{X: x0 + plotW + gap, Y: y}, header)
		dataTop := y - headerH
		dataBot := dataTop - vg.Length(len(f.Rows))*rowH
		fr := frame{r: rect(x0, dataBot, x0+plotW, dataTop), x0: lo, x1: hi, y0: 0, y1: 1}
		xAxis(c, st, fr, ticks, true)
		zero := draw.LineStyle{Color: axisGrey, Width: max(0.5, em*0.08), Dashes: []vg.Length{em * 0.4, em * 0.3}}
		line(c, zero, vg.Point{X: fr.X(0), Y: dataBot}, vg.Point{X: fr.X(0), Y: dataTop})
		side := em * 0.55
		for i, r := range f.Rows {
			cy := dataTop - (vg.Length(i)+0.5)*rowH
			fillLines(c, align(st.label, draw.XRight, draw.YCenter), vg.Point{X: x0 - gap, Y: cy}, labels[i])
			c.FillText(align(st.small, draw.XLeft, draw.YCenter), vg.Point{X: x0 + plotW + gap, Y: cy}, values[i])
			ls := lineStyle(black, max(0.6, em*0.1))
			excludes := false
			if !math.IsNaN(r.Lo) {
				capH := side * 0.5
				line(c, ls, vg.Point{X: fr.X(r.Lo), Y: cy}, vg.Point{X: fr.X(r.Hi), Y: cy})
				line(c, ls, vg.Point{X: fr.X(r.Lo), Y: cy - capH}, vg.Point{X: fr.X(r.Lo), Y: cy + capH})
				line(c, ls, vg.Point{X: fr.X(r.Hi), Y: cy - capH}, vg.Point{X: fr.X(r.Hi), Y: cy + capH})
				excludes = r.Lo > 0 || r.Hi < 0
			}
			box := rect(fr.X(r.Estimate)-side/2, cy-side/2, fr.X(r.Estimate)+side/2, cy+side/2)
			if excludes {
				fillRect(c, black, box)
			} else {
				fillRect(c, white, box)
				strokeRect(c, ls, box)
			}
		}
		y = dataBot - axisH - em*0.2
		for _, l := range xlines {
			cx := clampCenter(x0+plotW/2, st.label.Width(l), m, W-m)
			c.FillText(align(st.label, draw.XCenter, draw.YTop), vg.Point{X: cx, Y: y}, l)
			y -= lineHeight(st.label)
		}
		for _, l := range nlines {
			cx := clampCenter(x0+plotW/2, st.small.Width(l), m, W-m)
			c.FillText(align(colored(st.small, textGrey), draw.XCenter, draw.YTop), vg.Point{X: cx, Y: y}, l)
			y -= lineHeight(st.small)
		}
	}
	return scene{w: W, h: H, draw: drawFn}, nil
}
