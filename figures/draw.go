package figures

import (
	"image/color"
	"math"
	"strconv"
	"strings"
	"unicode"

	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// frame maps data coordinates onto a rectangle of the canvas.
type frame struct {
	r              vg.Rectangle
	x0, x1, y0, y1 float64
}

func (f frame) X(v float64) vg.Length {
	return f.r.Min.X + vg.Length((v-f.x0)/(f.x1-f.x0))*(f.r.Max.X-f.r.Min.X)
}

func rect(x0, y0, x1, y1 vg.Length) vg.Rectangle {
	return vg.Rectangle{Min: vg.Point{X: min(x0, x1), Y: min(y0, y1)}, Max: vg.Point{X: max(x0, x1), Y: max(y0, y1)}}
}

func fillRect(c draw.Canvas, clr color.Color, r vg.Rectangle) {
	if r.Max.X <= r.Min.X || r.Max.Y <= r.Min.Y {
		return
	}
	c.FillPolygon(clr, []vg.Point{r.Min, {X: r.Max.X, Y: r.Min.Y}, r.Max, {X: r.Min.X, Y: r.Max.Y}})
}

func strokeRect(c draw.Canvas, ls draw.LineStyle, r vg.Rectangle) {
	c.StrokeLines(ls, []vg.Point{r.Min, {X: r.Max.X, Y: r.Min.Y}, r.Max, {X: r.Min.X, Y: r.Max.Y}, r.Min})
}

func line(c draw.Canvas, ls draw.LineStyle, pts ...vg.Point) { c.StrokeLines(ls, pts) }

func lineStyle(clr color.Color, w vg.Length) draw.LineStyle {
	return draw.LineStyle{Color: clr, Width: w}
}

// wrap breaks s at spaces, outside a parenthesised group that fits on a line (keepGroups),
// into lines no wider than maxW; a word wider than maxW (a
// configuration name in a title) is broken as wrapName breaks a name, its pieces on lines
// of their own. Only a piece wider than maxW, one character, can be wider.
func wrap(ts draw.TextStyle, s string, maxW vg.Length) []string {
	return wrapWords(ts, s, maxW, true)
}

// wrapAtSpaces breaks s at spaces alone: a word wider than maxW stays whole on its line,
// for a caller that draws such text otherwise (the heat map turns its column heads).
func wrapAtSpaces(ts draw.TextStyle, s string, maxW vg.Length) []string {
	return wrapWords(ts, s, maxW, false)
}

func wrapWords(ts draw.TextStyle, s string, maxW vg.Length, breakWords bool) []string {
	var lines []string
	cur := ""
	fits := func(g string) bool { return ts.Width(g) <= maxW }
	for _, w := range keepGroups(strings.Fields(s), " ", fits) {
		pieces := []string{w}
		if breakWords {
			pieces = wrapName(ts, w, maxW)
		}
		for k, p := range pieces {
			switch {
			case cur == "":
				cur = p
			case k == 0 && ts.Width(cur+" "+p) <= maxW:
				cur += " " + p
			default:
				lines = append(lines, cur)
				cur = p
			}
		}
	}
	if cur == "" {
		return lines
	}
	return append(lines, cur)
}

// wrapName breaks a name wider than maxW into lines no wider than maxW: after a space
// (dropped at the break), a "/" or a "-", outside a parenthesised group that fits on a line
// (keepGroups); within a piece still too wide, after a "_" or a
// "."; and within a part still too wide (a name such as "MyAgentConfigurationV2final"),
// between any two characters, as late as the width allows. Every other character is kept,
// in order, so the lines read back as the name. A name that fits is one line.
func wrapName(ts draw.TextStyle, s string, maxW vg.Length) []string {
	if ts.Width(s) <= maxW {
		return []string{s}
	}
	var pieces []string
	fits := func(g string) bool { return ts.Width(strings.TrimRight(g, " ")) <= maxW }
	for _, p := range keepGroups(splitAfter(s, "/- "), "", fits) {
		pieces = append(pieces, fitPieces(ts, p, maxW)...)
	}
	var lines []string
	cur := ""
	for _, p := range pieces {
		if cur != "" && ts.Width(strings.TrimRight(cur+p, " ")) > maxW {
			lines = append(lines, strings.TrimRight(cur, " "))
			cur = ""
		}
		cur += p
	}
	return append(lines, strings.TrimRight(cur, " "))
}

// keepGroups joins (with sep) the pieces from one holding a "(" to the one holding its ")"
// into one piece when that fits: a label's "(Holm p 0.030)" or a model's "(gemini-1.5-pro-002)"
// broke inside, one line ending "(Holm p" and the next starting "0.030)". A group that does
// not fit, or is not closed, keeps its pieces.
func keepGroups(pieces []string, sep string, fits func(string) bool) []string {
	var out, group []string
	depth := 0
	for _, p := range pieces {
		if depth > 0 {
			group = append(group, p)
		}
		before := depth
		depth += strings.Count(p, "(") - strings.Count(p, ")")
		depth = max(depth, 0)
		switch {
		case before == 0 && depth > 0:
			group = []string{p}
		case before == 0:
			out = append(out, p)
		case depth == 0:
			if joined := strings.Join(group, sep); fits(joined) {
				out = append(out, joined)
			} else {
				out = append(out, group...)
			}
			group = nil
		}
	}
	return append(out, group...)
}

// fitPieces splits a piece of a name (one of splitAfter's) wider than maxW after each "_"
// and ".", and a part still wider into its characters, each with the combining marks that
// follow it, for wrapName to fill lines with.
func fitPieces(ts draw.TextStyle, p string, maxW vg.Length) []string {
	if ts.Width(strings.TrimRight(p, " ")) <= maxW {
		return []string{p}
	}
	var out []string
	for _, q := range splitAfter(p, "_.") {
		if ts.Width(strings.TrimRight(q, " ")) <= maxW {
			out = append(out, q)
			continue
		}
		start := 0
		for i, r := range q {
			if i > start && !unicode.Is(unicode.M, r) {
				out = append(out, q[start:i])
				start = i
			}
		}
		out = append(out, q[start:])
	}
	return out
}

// splitAfter cuts s after each character in seps (ASCII, one byte each); the pieces read
// back as s.
func splitAfter(s, seps string) []string {
	var pieces []string
	start := 0
	for i, r := range s {
		if strings.ContainsRune(seps, r) {
			pieces = append(pieces, s[start:i+1])
			start = i + 1
		}
	}
	if start < len(s) {
		pieces = append(pieces, s[start:])
	}
	return pieces
}

// fitLines raises a row's natural and least heights (rowHeight) so that a name wrapped
// on lines lines (wrapNames) fits, with pad of white at the natural height.
func fitLines(st style, lines int, natural, least, pad vg.Length) (vg.Length, vg.Length) {
	if lines > 1 {
		h := vg.Length(lines) * lineHeight(st.label)
		natural, least = max(natural, h+pad), max(least, h)
	}
	return natural, least
}

// nameShare is the share of a figure's inner width the configuration names may take:
// a name wider is drawn on several lines (wrapNames) rather than widening the figure or
// leaving its data a sliver (an 85-character name on one line left ecs_by_protocol's
// bars 1.6 in of a 5.0 in figure). A figure that names each configuration at both ends
// (policy_ranks) gives each end half.
const nameShare = 0.45

// wrapNames breaks each name wider than maxW into lines (wrapName) and returns each
// name's lines, the most lines of any name and the widest line.
func wrapNames(ts draw.TextStyle, names []string, maxW vg.Length) (labels [][]string, lines int, width vg.Length) {
	labels, lines = make([][]string, len(names)), 1
	for i, name := range names {
		labels[i] = wrapName(ts, name, maxW)
		lines = max(lines, len(labels[i]))
		width = max(width, maxWidth(ts, labels[i]))
	}
	return labels, lines, width
}

// fillLines draws a name's lines (wrapNames) one under the other, centred on at.Y; ts
// sets the horizontal alignment and must centre each line on its y (draw.YCenter).
func fillLines(c draw.Canvas, ts draw.TextStyle, at vg.Point, lines []string) {
	lh := lineHeight(ts)
	for k, l := range lines {
		c.FillText(ts, vg.Point{X: at.X, Y: at.Y + (vg.Length(len(lines)-1)/2-vg.Length(k))*lh}, l)
	}
}

func maxWidth(ts draw.TextStyle, ss []string) vg.Length {
	var w vg.Length
	for _, s := range ss {
		w = max(w, ts.Width(s))
	}
	return w
}

// humanize turns an identifier such as "partial_workflow" into words.
func humanize(s string) string { return strings.ReplaceAll(s, "_", " ") }

// tick is one axis tick: a data value and its label.
type tick struct {
	v     float64
	label string
}

// linearTicks returns ticks from lo to hi (inclusive) every step, built from
// integers so that no "-0" or 0.30000000000000004 appears.
func linearTicks(lo, hi, step float64, scale float64) []tick {
	var ts []tick
	n0 := int(math.Ceil(lo/step - 1e-9))
	n1 := int(math.Floor(hi/step + 1e-9))
	for i := n0; i <= n1 && len(ts) < 1000; i++ {
		v := float64(i) * step
		ts = append(ts, tick{v: v, label: formatNum(v * scale)})
	}
	return ts
}

// formatNum prints v with the fewest decimals (at most 2) that show it,
// with a true minus sign.
func formatNum(v float64) string {
	if math.Abs(v) < 1e-9 {
		return "0"
	}
	s := strconv.FormatFloat(v, 'f', 2, 64)
	for d := 0; d < 2; d++ {
		if t := strconv.FormatFloat(v, 'f', d, 64); math.Abs(mustParse(t)-v) < 1e-9 {
			s = t
			break
		}
	}
	return strings.Replace(s, "-", "−", 1)
}

func mustParse(s string) float64 {
	v, _ := strconv.ParseFloat(s, 64)
	return v
}

// niceStep returns a step of 1, 2, 2.5 or 5 × 10^k giving at most n
// intervals over span.
func niceStep(span float64, n int) float64 {
	if !(span > 0) || math.IsInf(span, 0) {
		return 1
	}
	raw := span / float64(n)
	p := math.Pow(10, math.Floor(math.Log10(raw)))
	for _, m := range []float64{1, 2, 2.5, 5, 10} {
		if m*p >= raw-1e-12 {
			return m * p
		}
	}
	return 10 * p
}

// xAxis draws grid lines across f, the axis line and tick labels below it;
// it returns the height used below f.r.Min.Y.
func xAxis(c draw.Canvas, st style, f frame, ticks []tick, grid bool) vg.Length {
	tl := st.em * 0.3
	for _, t := range ticks {
		x := f.X(t.v)
		if grid {
			line(c, lineStyle(gridGrey, 0.5), vg.Point{X: x, Y: f.r.Min.Y}, vg.Point{X: x, Y: f.r.Max.Y})
		}
		line(c, lineStyle(axisGrey, 0.5), vg.Point{X: x, Y: f.r.Min.Y}, vg.Point{X: x, Y: f.r.Min.Y - tl})
		c.FillText(align(st.small, draw.XCenter, draw.YTop), vg.Point{X: x, Y: f.r.Min.Y - tl - st.em*0.15}, t.label)
	}
	line(c, lineStyle(axisGrey, 0.5), vg.Point{X: f.r.Min.X, Y: f.r.Min.Y}, vg.Point{X: f.r.Max.X, Y: f.r.Min.Y})
	return xAxisHeight(st)
}

func xAxisHeight(st style) vg.Length {
	return st.em*0.45 + lineHeight(st.small)
}

// tickLabelsFit reports whether adjacent tick labels leave a gap.
func tickLabelsFit(st style, f frame, ticks []tick) bool {
	for i := 1; i < len(ticks); i++ {
		gap := f.X(ticks[i].v) - f.X(ticks[i-1].v)
		need := (st.small.Width(ticks[i].label)+st.small.Width(ticks[i-1].label))/2 + st.em*0.4
		if gap < need {
			return false
		}
	}
	return true
}

// drawTitle draws pre-wrapped title lines centred from top; it returns the
// height used.
func drawTitle(c draw.Canvas, st style, lines []string, top vg.Length) vg.Length {
	lh := lineHeight(st.title)
	cx := (c.Min.X + c.Max.X) / 2
	for i, l := range lines {
		c.FillText(align(st.title, draw.XCenter, draw.YTop), vg.Point{X: cx, Y: top - vg.Length(i)*lh}, l)
	}
	return titleHeight(st, lines)
}

func titleHeight(st style, lines []string) vg.Length {
	if len(lines) == 0 {
		return 0
	}
	return vg.Length(len(lines))*lineHeight(st.title) + st.em*0.5
}

// clampCenter moves the centre cx of a text of width w so that the text
// stays within [lo, hi].
func clampCenter(cx, w, lo, hi vg.Length) vg.Length {
	cx = max(cx, lo+w/2)
	return min(cx, hi-w/2)
}
