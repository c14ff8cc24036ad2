package figures

import (
	"fmt"
	"math"
	"sort"
	"strconv"

	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// PolicyRanks is a slope chart of leaderboard ranks: one column per
// authorization policy, one line per configuration, rank 1 at the top and
// the configuration names at both ends.
type PolicyRanks struct {
	// Title; empty means "Rank of each configuration under each policy".
	Title string
	// Policies are the columns, left to right.
	Policies []string
	// Configs are the lines; their order sets colours and breaks label ties.
	Configs []string
	// Ranks[c][q] is the rank of config c under policy q: 1 is the highest
	// ECS; the report passes analysis.LeaderboardRanks (ties share the best
	// rank, as in the policies table); NaN marks a config without a rank.
	Ranks [][]float64
	// TieGroups[q], when set, are policy q's tie groups: configurations
	// (indexes into Configs) whose rank confidence sets overlap, so the data
	// do not order them. Each group of two or more is drawn as a grey bar
	// behind its column, spanning its members' ranks. Nil draws none.
	TieGroups [][][]int
	// TieLevel is the confidence level of the rank sets, for the axis label.
	TieLevel float64
	// Measure is what the ranks rank, for the axis label; empty means "ECS" (a bench of
	// action rules ranks by "authorized success", as its tables name it).
	Measure string
}

// Validate implements Figure.
func (p PolicyRanks) Validate() error {
	if err := checkLabel("PolicyRanks.Title", p.Title, true); err != nil {
		return err
	}
	if err := checkLabel("PolicyRanks.Measure", p.Measure, true); err != nil {
		return err
	}
	if err := checkNames("PolicyRanks.Policies", p.Policies); err != nil {
		return err
	}
	if err := checkNames("PolicyRanks.Configs", p.Configs); err != nil {
		return err
	}
	if err := checkLen("PolicyRanks.Ranks", len(p.Ranks), len(p.Configs), "config"); err != nil {
		return err
	}
	n := float64(len(p.Configs))
	for c, row := range p.Ranks {
		field := fmt.Sprintf("PolicyRanks.Ranks[%d]", c)
		if err := checkLen(field, len(row), len(p.Policies), "policy"); err != nil {
			return err
		}
		any := false
		for q, r := range row {
			if math.IsNaN(r) {
				continue
			}
			any = true
			if r < 1 || r > n {
				return fmt.Errorf("figures: %s[%d]: rank %v outside [1, %v]", field, q, r, n)
			}
		}
		if !any {
			return fmt.Errorf("figures: %s (%s): no rank under any policy", field, p.Configs[c])
		}
	}
	if p.TieGroups != nil {
		if err := checkLen("PolicyRanks.TieGroups", len(p.TieGroups), len(p.Policies), "policy"); err != nil {
			return err
		}
		if p.TieLevel <= 0 || p.TieLevel >= 1 {
			return fmt.Errorf("figures: PolicyRanks.TieLevel: %v outside (0, 1)", p.TieLevel)
		}
	}
	for q, groups := range p.TieGroups {
		seen := map[int]bool{}
		for g, members := range groups {
			for _, c := range members {
				if c < 0 || c >= len(p.Configs) || seen[c] {
					return fmt.Errorf("figures: PolicyRanks.TieGroups[%d][%d]: config index %d out of range or repeated", q, g, c)
				}
				seen[c] = true
			}
		}
	}
	return nil
}

// seriesStyle gives line i a colour and, past the palette, a dash pattern,
// so that ten or more lines stay distinct without relying on colour alone.
func seriesStyle(i int, width, em vg.Length) draw.LineStyle {
	ls := draw.LineStyle{Color: okabeIto[i%len(okabeIto)], Width: width}
	switch (i / len(okabeIto)) % 3 {
	case 1:
		ls.Dashes = []vg.Length{em * 0.6, em * 0.3}
	case 2:
		ls.Dashes = []vg.Length{em * 0.15, em * 0.25}
	}
	return ls
}

// endLabel is a name placed beside one end of the lines.
type endLabel struct {
	text   string
	want   vg.Length // y of the line end
	y      vg.Length // y after spreading
	series int
}

// spread places labels at least h apart, each cluster of crowded labels
// centred on the mean of the positions its members want, all within
// [lo, hi] when they fit. Input order breaks ties.
func spread(ls []endLabel, h, lo, hi vg.Length) {
	sort.SliceStable(ls, func(a, b int) bool { return ls[a].want > ls[b].want })
	type cluster struct {
		from, n int
		top     vg.Length // y of the cluster's first label
	}
	var cs []cluster
	for i := range ls {
		cs = append(cs, cluster{from: i, n: 1, top: ls[i].want})
		// Merge with the cluster above while they overlap.
		for len(cs) > 1 {
			a, b := cs[len(cs)-2], cs[len(cs)-1]
			if a.top-vg.Length(a.n-1)*h-h >= b.top-1e-9 {
				break
			}
			m := cluster{from: a.from, n: a.n + b.n}
			var sum vg.Length
			for k := m.from; k < m.from+m.n; k++ {
				sum += ls[k].want
			}
			m.top = sum/vg.Length(m.n) + vg.Length(m.n-1)*h/2
			cs = append(cs[:len(cs)-2], m)
		}
	}
	for _, c := range cs {
		for k := 0; k < c.n; k++ {
			ls[c.from+k].y = c.top - vg.Length(k)*h
		}
	}
	// Keep the top label at or below hi, pushing the ones below it down,
	// then the bottom label at or above lo, pushing the ones above it up;
	// the caller leaves room for every label between the two.
	if len(ls) > 0 && ls[0].y > hi {
		ls[0].y = hi
		for i := 1; i < len(ls); i++ {
			ls[i].y = min(ls[i].y, ls[i-1].y-h)
		}
	}
	if n := len(ls); n > 0 && ls[n-1].y < lo {
		ls[n-1].y = lo
		for i := n - 2; i >= 0; i-- {
			ls[i].y = max(ls[i].y, ls[i+1].y+h)
		}
	}
}

// span is the best and worst rank of a tie group's members under policy q; ok is
// false for a group of fewer than two ranked members (nothing to draw).
func (p PolicyRanks) span(q int, g []int) (lo, hi float64, ok bool) {
	n := 0
	for _, c := range g {
		r := p.Ranks[c][q]
		if math.IsNaN(r) {
			continue
		}
		if n == 0 || r < lo {
			lo = r
		}
		if n == 0 || r > hi {
			hi = r
		}
		n++
	}
	return lo, hi, n > 1
}

// tieBars counts the grey bars drawn: the tie groups with two ranked members or more.
func (p PolicyRanks) tieBars() int {
	n := 0
	for q, groups := range p.TieGroups {
		for _, g := range groups {
			if _, _, ok := p.span(q, g); ok {
				n++
			}
		}
	}
	return n
}

// pctText prints a level as a percentage: 0.95 → "95%", 0.975 → "97.5%".
func pctText(level float64) string {
	return strconv.FormatFloat(level*100, 'f', -1, 64) + "%"
}

func (p PolicyRanks) rankText(r float64) string {
	if math.IsNaN(r) {
		return "–"
	}
	return formatNum(r)
}

func (p PolicyRanks) layout(st style, o Options) (scene, error) {
	em := st.em
	W, m := o.Width, em*0.6
	inner := W - 2*m
	title := p.Title
	if title == "" {
		title = "Rank of each configuration under each policy"
	}
	tlines := wrap(st.title, title, inner)
	if w := maxWidth(st.title, tlines); w > inner {
		return scene{}, fitError("the title", w, inner)
	}
	nq, nc := len(p.Policies), len(p.Configs)
	// The labels name the rank under the first and the last policy; a
	// config without a rank there gets "–" and a place below the others.
	var left, right []string
	for _, row := range p.Ranks {
		left = append(left, p.rankText(row[0]))
		right = append(right, p.rankText(row[nq-1]))
	}
	gap := em * 0.4
	// Each side: the names, then a column of rank numbers aligned on
	// their right, next to the lines.
	numW := max(maxWidth(st.label, left), maxWidth(st.label, right))
	minSpace := em * 2.1 // six policy columns (the peer presets and safeact-4f33847) fit the default width
	leastPlot := em * 2
	if nq > 1 {
		leastPlot = max(leastPlot, minSpace*vg.Length(nq-1))
	}
	// A name is drawn at both ends: one wider than what the policy columns leave at each
	// end, and than half nameShare of the width, is drawn on several lines, and the labels
	// are spread as far apart as the most lines need. A name that fits stays whole.
	room := (inner - 2*(em*0.45+numW+gap) - leastPlot) / 2
	names, lines, nameW := wrapNames(st.label, p.Configs, max(room, inner*nameShare/2))
	leftW := nameW + em*0.45 + numW + gap
	rightW := numW + em*0.45 + nameW + gap
	plotW := inner - leftW - rightW
	if nq > 1 && plotW < minSpace*vg.Length(nq-1) || plotW < em*2 {
		return scene{}, fitError("the names at both ends and the policy columns", leftW+rightW+leastPlot, inner)
	}
	xOf := func(q int) vg.Length {
		if nq == 1 {
			return m + leftW + plotW/2
		}
		return m + leftW + plotW*vg.Length(q)/vg.Length(nq-1)
	}
	// Policy names under the columns: level when they fit their spacing,
	// turned 45° otherwise.
	spacing := plotW
	if nq > 1 {
		spacing = plotW / vg.Length(nq-1)
	}
	pw := maxWidth(st.label, p.Policies)
	rotated := pw > spacing-em*0.3
	var polH vg.Length
	sin := vg.Length(math.Sqrt2 / 2)
	if !rotated {
		polH = lineHeight(st.label) + em*0.4
		rotated = xOf(0)-st.label.Width(p.Policies[0])/2 < 0 || xOf(nq-1)+st.label.Width(p.Policies[nq-1])/2 > W
	}
	if rotated {
		polH = (pw+lineHeight(st.label))*sin + em*0.4
		// A turned name reaching past the left edge moves the columns right by what it
		// lacks, out of the plot's width: widening the figure would not move them (short
		// names keep the left column as narrow at any width).
		if reach := (pw + lineHeight(st.label)) * sin; xOf(0)-reach < 0 {
			pad := reach - xOf(0)
			leftW, plotW = leftW+pad, plotW-pad
			if nq > 1 && plotW < minSpace*vg.Length(nq-1) || plotW < em*2 {
				return scene{}, fitError("the policy names", leftW+rightW+leastPlot, inner)
			}
		}
	}
	xlabel := "Authorization policy (rank 1 = highest " + measureName(p.Measure) + ")"
	// The axis names the grey bars only when one is drawn: a single configuration, or rank
	// sets that all stand apart, draw none.
	switch bars := p.tieBars(); {
	case bars > 0:
		xlabel += fmt.Sprintf("; grey bars: tie groups (overlapping simultaneous %s rank sets)", pctText(p.TieLevel))
	case p.TieGroups != nil && nc > 1:
		xlabel += fmt.Sprintf("; no tie groups: no two simultaneous %s rank sets overlap", pctText(p.TieLevel))
	}
	xlines := wrap(st.label, xlabel, inner)
	xlabelH := vg.Length(len(xlines))*lineHeight(st.label) + em*0.3
	fixed := 2*m + titleHeight(st, tlines) + polH + xlabelH + em*0.3
	natural, least := lineHeight(st.label)*1.25, lineHeight(st.label)*1.02
	if lines > 1 {
		natural = max(natural, vg.Length(lines)*lineHeight(st.label)*1.02+em*0.3)
		least = vg.Length(lines) * least
	}
	rowH, err := rowHeight(o, fixed, nc, natural, least)
	if err != nil {
		return scene{}, err
	}
	H := fixed + vg.Length(nc)*rowH

	drawFn := func(c draw.Canvas) {
		y := c.Max.Y - m
		y -= drawTitle(c, st, tlines, y)
		f := &ranksFrame{st: st, em: em, m: m, W: W, leftW: leftW, rightW: rightW, nameW: nameW, numW: numW, gap: gap,
			names: names, lines: lines, rowH: rowH, top: y - em*0.3, nc: nc, nq: nq, xOf: xOf}
		f.bot = f.top - vg.Length(nc)*rowH
		p.drawColumns(c, f)
		p.drawSeries(c, f, left, right)
		y = f.bot - em*0.3
		for q, name := range p.Policies {
			if rotated {
				ts := align(st.label, draw.XRight, draw.YCenter)
				ts.Rotation = math.Pi / 4
				c.FillText(ts, vg.Point{X: xOf(q), Y: y - em*0.3}, name)
			} else {
				c.FillText(align(st.label, draw.XCenter, draw.YTop), vg.Point{X: xOf(q), Y: y}, name)
			}
		}
		y -= polH
		for _, l := range xlines {
			c.FillText(align(st.label, draw.XCenter, draw.YTop), vg.Point{X: m + inner/2, Y: y}, l)
			y -= lineHeight(st.label)
		}
	}
	return scene{w: W, h: H, draw: drawFn}, nil
}

// ranksFrame is the geometry of a policy-ranks figure that its drawing reads: the margins,
// the columns of names and rank numbers at both ends, the rows between top and bot, and
// each policy's x.
type ranksFrame struct {
	st                              style
	em, m, W                        vg.Length
	leftW, rightW, nameW, numW, gap vg.Length
	names                           [][]string // each configuration's name in lines (wrapNames)
	lines                           int        // the most lines of any name
	rowH, top, bot                  vg.Length
	nc, nq                          int
	xOf                             func(q int) vg.Length
}

// yOf is the y of rank r; no rank (NaN) is below every rank.
func (f *ranksFrame) yOf(r float64) vg.Length {
	if math.IsNaN(r) {
		r = float64(f.nc) + 1
	}
	return f.top - (vg.Length(r)-0.5)*f.rowH
}

// drawColumns draws each policy's grid line and its tie groups as grey bars.
func (p PolicyRanks) drawColumns(c draw.Canvas, f *ranksFrame) {
	for q := range p.Policies {
		line(c, lineStyle(gridGrey, 0.6), vg.Point{X: f.xOf(q), Y: f.bot}, vg.Point{X: f.xOf(q), Y: f.top})
	}
	for q, groups := range p.TieGroups {
		for _, g := range groups {
			if lo, hi, ok := p.span(q, g); ok {
				half := f.em * 0.35
				fillRect(c, tieGrey, vg.Rectangle{Min: vg.Point{X: f.xOf(q) - half, Y: f.yOf(hi) - f.rowH*0.3},
					Max: vg.Point{X: f.xOf(q) + half, Y: f.yOf(lo) + f.rowH*0.3}})
			}
		}
	}
}

// dodge is how far each configuration's point under each policy is moved off its rank's
// row (dodge[c][q]): configurations that share a rank under a policy are spread a little
// apart around it, in Configs order, so that two with the same ranks under every policy
// (identical results) draw two parallel lines rather than one over the other. A rank held
// by one configuration is not moved.
func (p PolicyRanks) dodge(f *ranksFrame) [][]vg.Length {
	out := make([][]vg.Length, len(p.Ranks))
	for ci := range out {
		out[ci] = make([]vg.Length, len(p.Policies))
	}
	for q := range p.Policies {
		tied := map[float64][]int{}
		for ci, row := range p.Ranks {
			if !math.IsNaN(row[q]) {
				tied[row[q]] = append(tied[row[q]], ci)
			}
		}
		for _, cs := range tied {
			n := len(cs)
			if n < 2 {
				continue
			}
			// Within half a row in all (the tie bar spans 0.3 of a row either side).
			d := min(f.rowH*0.5/vg.Length(n-1), f.em*0.4)
			for k, ci := range cs {
				out[ci][q] = (vg.Length(n-1)/2 - vg.Length(k)) * d
			}
		}
	}
	return out
}

// drawSeries draws each configuration's ranks as a line with a dot per policy (broken
// where it has no rank), and its name and rank at both ends, spread apart where they
// would overlap, with a leader to the line's end.
func (p PolicyRanks) drawSeries(c draw.Canvas, f *ranksFrame, left, right []string) {
	st, em, m, nq := f.st, f.em, f.m, f.nq
	lw := max(0.8, em*0.16)
	dodge := p.dodge(f)
	yAt := func(ci, q int) vg.Length { return f.yOf(p.Ranks[ci][q]) + dodge[ci][q] }
	var lefts, rights []endLabel
	for ci, row := range p.Ranks {
		ls := seriesStyle(ci, lw, em)
		var seg []vg.Point
		flush := func() {
			if len(seg) > 1 {
				line(c, ls, seg...)
			}
			seg = seg[:0]
		}
		for q, r := range row {
			if math.IsNaN(r) {
				flush()
				continue
			}
			seg = append(seg, vg.Point{X: f.xOf(q), Y: yAt(ci, q)})
		}
		flush()
		for q, r := range row {
			if !math.IsNaN(r) {
				c.DrawGlyph(draw.GlyphStyle{Color: ls.Color, Radius: em * 0.22, Shape: draw.CircleGlyph{}}, vg.Point{X: f.xOf(q), Y: yAt(ci, q)})
			}
		}
		lefts = append(lefts, endLabel{text: left[ci], want: yAt(ci, 0), series: ci})
		rights = append(rights, endLabel{text: right[ci], want: yAt(ci, nq-1), series: ci})
	}
	lh := lineHeight(st.label) * 1.02 * vg.Length(f.lines)
	spread(lefts, lh, f.bot+f.rowH/2, f.top-f.rowH/2)
	spread(rights, lh, f.bot+f.rowH/2, f.top-f.rowH/2)
	for _, l := range lefts {
		if !math.IsNaN(p.Ranks[l.series][0]) && l.y != l.want {
			line(c, seriesStyle(l.series, lw*0.5, em), vg.Point{X: m + f.leftW - f.gap*0.5, Y: l.y}, vg.Point{X: f.xOf(0), Y: l.want})
		}
		c.FillText(align(st.label, draw.XRight, draw.YCenter), vg.Point{X: m + f.leftW - f.gap, Y: l.y}, l.text)
		// Right-aligned before the numbers: at m + nameW, or further right when the
		// columns moved for the policy names.
		fillLines(c, align(st.label, draw.XRight, draw.YCenter), vg.Point{X: m + f.leftW - (em*0.45 + f.numW + f.gap), Y: l.y}, f.names[l.series])
	}
	for _, r := range rights {
		if !math.IsNaN(p.Ranks[r.series][nq-1]) && r.y != r.want {
			line(c, seriesStyle(r.series, lw*0.5, em), vg.Point{X: f.xOf(nq - 1), Y: r.want}, vg.Point{X: f.W - m - f.rightW + f.gap*0.5, Y: r.y})
		}
		c.FillText(align(st.label, draw.XRight, draw.YCenter), vg.Point{X: f.W - m - f.rightW + f.gap + f.numW, Y: r.y}, r.text)
		fillLines(c, align(st.label, draw.XLeft, draw.YCenter), vg.Point{X: f.W - m - f.nameW, Y: r.y}, f.names[r.series])
	}
}
