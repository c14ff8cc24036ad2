package render

import (
	"math"
	"strconv"
	"strings"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/results"
	"github.com/sabench/sabench-stats/results/num"
)

// latexPlan is how one table is set: the environment, the width it is fitted to, the
// type size of a longtable and the columns.
type latexPlan struct {
	env  string // table, table* or longtable
	fit  string // `\columnwidth`, `\textwidth`, or "" for the natural width
	size typeSize
	cols []latexCol
	// stacked sets interval bounds on a second row (see stackIntervals).
	stacked bool
	// landscape turns the pages of a longtable too wide for a page in \scriptsize.
	landscape bool
}

// latexCol is one column, aligned on the decimal point without siunitx. The numbers of a
// column have the same decimals and Computer Modern's digits, plus and minus signs share
// one width, so right-aligned numbers align on the point. Bold digits are wider, so a
// column with a bold cell is split at the point into two tabular columns (integer part
// right-aligned, point and decimals left-aligned); so are the three numbers of an interval
// (their bounds vary in length) and fractions at the slash.
type latexCol struct {
	col    results.Column
	spec   string    // tabular preamble of the sub-columns
	n      int       // sub-columns
	sepW   float64   // width at 10 pt of the separators between sub-columns
	subW   []float64 // widest piece per sub-column at 10 pt
	header []string  // header lines
	rotate bool      // header turned 90°, for a narrow column under a long header
	// stack: an interval column of a stacked table, the estimate here and the bounds,
	// boundsW wide at 10 pt, in \scriptsize on the row below.
	stack   bool
	boundsW float64
	// wrap: a name column wrapped to this width at 10 pt (a p{} column, the names set
	// ragged right), for names too long for a page in any orientation; 0 when it is not.
	wrap float64
}

// newLatexCol lays out column col over the table's rows.
func newLatexCol(col results.Column, j int, rows []results.Row) latexCol {
	c := latexCol{col: col, header: []string{ingest.OneLine(col.Header)}}
	switch {
	case col.Kind == results.KindFraction, anyBold(rows, j) && (col.Kind == results.KindPValue || (col.Kind == results.KindNumber || col.Kind == results.KindPercent) && col.Decimals > 0):
		c.n, c.spec = 2, "r@{}l"
	case (col.Kind == results.KindInterval || col.Kind == results.KindPercentInterval) && col.Decimals > 0:
		c.n, c.spec, c.sepW = 6, `r@{}l@{\ }r@{}l@{\ }r@{}l`, 2*cmrWidths[0]
	case col.Kind == results.KindInterval || col.Kind == results.KindPercentInterval:
		c.n, c.spec, c.sepW = 3, `r@{\ }r@{\ }r`, 2*cmrWidths[0]
	default:
		c.n, c.spec = 1, string(latexAlign[col.Aligned()])
	}
	c.subW = make([]float64, c.n)
	for _, r := range rows {
		cell := r.Cells[j]
		ps := c.pieces(cell)
		if ps == nil {
			if c.n == 1 {
				c.subW[0] = max(c.subW[0], texWidth("—", false))
			}
			continue // a dash over several sub-columns is narrower than any value
		}
		for k, p := range ps {
			c.subW[k] = max(c.subW[k], texWidth(p, cell.IsBold()))
		}
	}
	return c
}

// maxHeaderLines bounds a wrapped header: a tall header row costs more than a wide column.
const maxHeaderLines = 3

// wrapHeaderLines wraps h to width, widened in steps of 10% until it takes at most
// maxHeaderLines lines.
func wrapHeaderLines(h string, width float64) []string {
	width = max(width, widestPiece(h))
	lines := wrapHeader(h, width)
	for len(lines) > maxHeaderLines {
		width *= 1.1
		lines = wrapHeader(h, width)
	}
	return lines
}

// anyBold reports whether a cell of column j is bold.
func anyBold(rows []results.Row, j int) bool {
	for _, r := range rows {
		if r.Cells[j].IsBold() {
			return true
		}
	}
	return false
}

// pieces formats a cell as one string per sub-column, or nil for an empty cell.
func (c *latexCol) pieces(cell results.Cell) []string {
	fl, col := &rawFlavor, c.col
	switch cell.Type() {
	case results.CellText:
		return []string{ingest.NameText(cell.Str())}
	case results.CellCount:
		return []string{num.Integer(cell.N(), col.Signed, fl.minus)}
	case results.CellNumber:
		if c.n == 1 {
			return []string{fl.bound(cell.X(), col)}
		}
		return splitPoint(fl.bound(cell.X(), col))
	case results.CellPValue:
		if c.n == 1 {
			return []string{num.PValue(cell.X(), col.Decimals, fl.less)}
		}
		return splitPoint(num.PValue(cell.X(), col.Decimals, fl.less))
	case results.CellFraction:
		return []string{num.Integer(cell.N(), false, fl.minus), "/" + num.Integer(cell.Total(), false, fl.minus)}
	case results.CellInterval:
		x := fl.bound(cell.X(), col)
		if x == fl.empty {
			return nil // the estimate overflowed when scaled to points
		}
		if c.stack {
			return []string{x}
		}
		lo, hi := fl.bound(cell.Lo(), col), fl.bound(cell.Hi(), col)
		if c.n == 3 {
			return []string{x, "[" + lo + ",", hi + "]"}
		}
		a, l, h := splitPoint(x), splitPoint(lo), splitPoint(hi)
		return []string{a[0], a[1], "[" + l[0], l[1] + ",", h[0], h[1] + "]"}
	}
	return nil
}

// splitPoint splits a formatted number before its decimal point ("−0.7" → "−0", ".7").
func splitPoint(s string) []string {
	if i := strings.IndexByte(s, '.'); i >= 0 {
		return []string{s[:i], s[i:]}
	}
	return []string{s, ""}
}

// dataW is the width at 10 pt of the column's cells (with stacked bounds in \scriptsize).
func (c *latexCol) dataW() float64 { return max(c.valuesW(), c.boundsW*boundsScale) }

// valuesW is the width at 10 pt of the values on the column's first rows.
func (c *latexCol) valuesW() float64 {
	if c.wrap > 0 {
		return c.wrap
	}
	w := c.sepW
	for _, x := range c.subW {
		w += x
	}
	return w
}

// headerW is the width at 10 pt of the column's header as set.
func (c *latexCol) headerW() float64 {
	if c.rotate {
		return typeSizes[0].skip
	}
	return linesW(c.header)
}

// linesW is the width at 10 pt of the widest line.
func linesW(lines []string) float64 {
	w := 0.0
	for _, l := range lines {
		w = max(w, texWidth(l, false))
	}
	return w
}

// cellTeX writes one cell.
func (c *latexCol) cellTeX(cell results.Cell) string {
	ps := c.pieces(cell)
	if ps == nil {
		if c.n == 1 {
			return "---"
		}
		return `\multicolumn{` + strconv.Itoa(c.n) + `}{c}{---}`
	}
	esc := latexNumber.Replace
	if cell.Type() == results.CellText {
		esc = latexEscaper.Replace
		if c.wrap > 0 {
			esc = func(s string) string { return wrapEscape(s, c.wrap) }
		}
	}
	out := make([]string, len(ps))
	for k, p := range ps {
		s := esc(p)
		if cell.IsBold() && s != "" {
			s = `\textbf{` + s + `}`
		}
		out[k] = latexCell(s)
	}
	if c.wrap > 0 {
		// \raggedright is safe here: a wrapped column is never the last, whose \\ it
		// would redefine.
		return `\raggedright ` + out[0]
	}
	return strings.Join(out, " & ")
}

// headerTeX writes the header: over several sub-columns a centred \multicolumn; several
// lines as a nested tabular aligned on its last line; a turned header with \rotatebox.
func (c *latexCol) headerTeX() string {
	align := latexAlign[c.col.Aligned()]
	if c.n > 1 {
		align = 'c'
	}
	lines := make([]string, len(c.header))
	for i, l := range c.header {
		lines[i] = latexCell(latexEscaper.Replace(l)) // a line after \\ may start with "["
	}
	h := lines[0]
	switch {
	case c.rotate:
		// A turned header is one line: the header as written, not its wrapped lines
		// joined by spaces ("scgr_ eg").
		h = `\rotatebox{90}{` + latexCell(latexEscaper.Replace(ingest.OneLine(c.col.Header))) + `}`
	case len(lines) > 1:
		h = `\begin{tabular}[b]{@{}` + string(align) + `@{}}` + strings.Join(lines, `\\`) + `\end{tabular}`
	}
	if c.n > 1 {
		return `\multicolumn{` + strconv.Itoa(c.n) + `}{c}{` + h + `}`
	}
	return h
}

func (p *latexPlan) spec() string {
	specs := make([]string, len(p.cols))
	for i, c := range p.cols {
		specs[i] = c.spec
	}
	return strings.Join(specs, "")
}

func (p *latexPlan) subColumns() int {
	n := 0
	for _, c := range p.cols {
		n += c.n
	}
	return n
}

func (p *latexPlan) rotated() bool {
	for _, c := range p.cols {
		if c.rotate {
			return true
		}
	}
	return false
}

// widthAt estimates the table's width in points in type size s.
func (p *latexPlan) widthAt(s typeSize) float64 { return p.widthBounds(s, boundsScale) }

// widthBounds is widthAt with stacked bounds of width bs relative to 10 pt.
func (p *latexPlan) widthBounds(s typeSize, bs float64) float64 {
	w := 0.0
	for _, c := range p.cols {
		cw := max(c.valuesW(), c.headerW())
		if c.rotate {
			cw = c.valuesW()
		}
		// the bounds stay in \scriptsize whatever the table's size
		w += max(cw*s.scale, c.boundsW*bs) + 2*s.tsep
	}
	return w
}

// heightAt estimates the height in points of the float in type size s: caption, rules,
// header, rows and notes.
func (p *latexPlan) heightAt(t *results.Table, s typeSize) float64 {
	lines := 1.0
	for _, c := range p.cols {
		if c.rotate {
			lines = max(lines, c.headerWBeforeRotation()/s.skip)
		} else {
			lines = max(lines, float64(len(c.header)))
		}
	}
	h := 30.0 + 12 // caption (a line and the skip below it) and top and bottom rules
	rows := float64(len(t.Rows))
	if p.stacked {
		rows *= 2 // a bounds row under each row, as tall as any (its strut is the table's size)
	}
	h += (lines + rows) * s.skip
	for i := 1; i < len(t.Rows); i++ {
		if t.Rows[i].Group != t.Rows[i-1].Group {
			h += 5 // \midrule with booktabs' spacing
		}
	}
	noteW := pagePt
	for _, n := range t.Notes {
		h += 9.5 * float64(1+int(texWidth(n, false)*0.8/noteW))
	}
	return h
}

func (c *latexCol) headerWBeforeRotation() float64 {
	w := 0.0
	for _, l := range c.header {
		w += texWidth(l, false) + cmrWidths[0]
	}
	return w
}

// fitSizes are the sizes latexFitMacro tries, with the scaling it allows last.
var fitSizes = typeSizes[:3]

// minFitWidth is the narrowest the fitting macro can set the table: \footnotesize scaled
// to minScale.
func (p *latexPlan) minFitWidth() float64 { return p.widthAt(fitSizes[len(fitSizes)-1]) * minScale }

// planLaTeX chooses the layout of t.
//
// Headers wider than their column's values wrap (at spaces, underscores and slashes), the
// widest first, until the table fits its target width in normal type. A table taller than
// a page in the type the fitting macro would pick (an estimate) is a longtable, set in the
// largest type whose width fits a one-column page, or landscape pages if none does. Otherwise the table is a float fitted
// to \columnwidth or \textwidth (Width), in table* when it is fitted to the page or
// cannot fit a two-column article's column (unless Env says). As a last resort, headers
// wider than their values are turned 90°, those that gain most first.
func planLaTeX(t *results.Table, o LaTeXOptions) *latexPlan {
	p := &latexPlan{size: typeSizes[0], stacked: stackIntervals(t)}
	for j, c := range t.Columns {
		if p.stacked && (c.Kind == results.KindInterval || c.Kind == results.KindPercentInterval) {
			p.cols = append(p.cols, newStackedCol(c, j, t.Rows))
			continue
		}
		p.cols = append(p.cols, newLatexCol(c, j, t.Rows))
	}
	if o.Width == LaTeXNatural {
		p.env = floatEnv(o.Env, false)
		return p
	}
	p.wrapHeaders(pagePt)
	if p.long(t) {
		p.env = "longtable"
		smallest := func() float64 { return p.widthAt(typeSizes[len(typeSizes)-1]) }
		width := pagePt
		p.rotateHeaders(fits(width), smallest)
		if smallest() > fits(width) && p.stackColumns(t) {
			// its bounds on a row of their own, before the pages are turned
			for i := range p.cols {
				p.cols[i].rotate = false
			}
			p.wrapHeaders(pagePt)
			p.rotateHeaders(fits(width), smallest)
		}
		if smallest() > fits(width) {
			// too wide for a page even so: landscape pages, whose height is their width
			// (the least of a 10, 11 and 12 pt article's: T3 of 16 configurations ran
			// 6 pt past an 11 pt article's)
			p.landscape, width = true, landscapeMinPt
			for i := range p.cols {
				p.cols[i].rotate = false
			}
			p.rotateHeaders(fits(width), smallest)
		}
		if smallest() > fits(width) {
			// still too wide in landscape \scriptsize: a name longer than fits wraps
			p.wrapNames(typeSizes[len(typeSizes)-1])
		}
		p.size = p.longtableSize(width)
		for i := range p.cols {
			if c := &p.cols[i]; c.wrap > 0 {
				c.spec = "p{" + trimFloat(math.Floor(c.wrap*p.size.scale*10)/10) + "pt}"
			}
		}
		return p
	}
	wide := o.Width == LaTeXPage
	if o.Width == LaTeXColumn {
		p.wrapHeaders(columnPt)
		wide = o.Env == LaTeXEnvAuto && p.minFitWidth() > fits(columnPt)
	}
	p.env = floatEnv(o.Env, wide)
	p.fit = `\columnwidth`
	target := columnPt
	if o.Width == LaTeXPage || p.env == "table*" {
		p.fit, target = `\textwidth`, pagePt
		p.wrapHeaders(pagePt)
	}
	p.rotateHeaders(fits(target), p.minFitWidth)
	return p
}

// wrapHeaders wraps the headers that gain most first until the table fits width in
// normal type, starting from one-line headers.
func (p *latexPlan) wrapHeaders(width float64) {
	wrapped := make([][]string, len(p.cols))
	for i := range p.cols {
		c := &p.cols[i]
		c.header = []string{ingest.OneLine(c.col.Header)}
		if dw := c.dataW(); c.headerW() > dw {
			wrapped[i] = wrapHeaderLines(c.header[0], max(dw, widestPiece(c.header[0])))
		}
	}
	for p.widthAt(typeSizes[0]) > fits(width) {
		best, gain := -1, 0.0
		for i, c := range p.cols {
			if wrapped[i] == nil || len(c.header) > 1 {
				continue
			}
			if g := c.headerW() - max(c.dataW(), linesW(wrapped[i])); g > gain {
				best, gain = i, g
			}
		}
		if best < 0 {
			return
		}
		p.cols[best].header = wrapped[best]
	}
}

func floatEnv(e LaTeXEnv, wide bool) string {
	if e == LaTeXEnvTableStar || e == LaTeXEnvAuto && wide {
		return "table*"
	}
	return "table"
}

// long reports whether the float would be taller than a page in the type size the
// fitting macro picks for a one-column page.
func (p *latexPlan) long(t *results.Table) bool {
	s := fitSizes[len(fitSizes)-1]
	for _, f := range fitSizes {
		if p.widthAt(f) <= pagePt {
			s = f
			break
		}
	}
	return p.heightAt(t, s) > textHeightPt
}

// longtableSize is the largest type size in which the table fits width (a landscape
// page's is the least of a 10, 11 and 12 pt article's, and the bounds of a stacked table
// are set in 7 pt whatever the article's size, so one measure holds for every article).
func (p *latexPlan) longtableSize(width float64) typeSize {
	for _, s := range typeSizes {
		if p.widthAt(s) <= fits(width) {
			return s
		}
	}
	return typeSizes[len(typeSizes)-1]
}

// nameBreaks lets TeX break an escaped name after a slash or an underscore too (it breaks
// at spaces and after hyphens by itself).
var nameBreaks = strings.NewReplacer("/", `/\allowbreak{}`, `\_`, `\_\allowbreak{}`)

// wrapEscape escapes a name of a column wrapped to width (points at 10 pt) with its break
// points: after a slash or an underscore (nameBreaks), and between any two characters of
// a run without one (no space, "-", "/", "_") wider than the column, which TeX set whole
// past it (a 70-character run of a 96-character name overflowed the domains table by
// 132 pt). A run that fits keeps its characters together. The break between two
// characters also keeps T1 from joining them.
func wrapEscape(s string, width float64) string {
	var b strings.Builder
	flush := func(t string) { b.WriteString(nameBreaks.Replace(latexEscaper.Replace(t))) }
	start := 0 // of the text not yet written
	run := -1  // start of the current run, or -1
	end := func(i int) {
		if run >= 0 && texWidth(s[run:i], true) > width {
			flush(s[start:run])
			for k, r := range s[run:i] {
				if k > 0 || !strings.HasSuffix(b.String(), `\allowbreak{}`) && b.Len() > 0 {
					b.WriteString(`\allowbreak{}`)
				}
				b.WriteString(latexEscaper.Replace(string(r)))
			}
			start = i
		}
		run = -1
	}
	for i, r := range s {
		if strings.ContainsRune(" -/_", r) {
			end(i)
		} else if run < 0 {
			run = i
		}
	}
	end(len(s))
	flush(s[start:])
	return b.String()
}

// wrapNames wraps the name columns (text, not the last column), the widest first, each
// to the width the other columns leave it in type size s (never narrower than its
// header), until the table fits a landscape page. Only a table too wide for one in the
// smallest type gets here, so ordinary names are never wrapped. The wrapped table is as
// wide as the page, so it is fitted to the least room the document may give it: the
// landscape page of an 11 pt article (landscapeMinPt).
func (p *latexPlan) wrapNames(s typeSize) {
	width, bs := fits(landscapeMinPt), boundsScale
	for p.widthBounds(s, bs) > width {
		best := -1
		for i, c := range p.cols {
			if c.col.Kind == results.KindText && c.wrap == 0 && i < len(p.cols)-1 && (best < 0 || c.valuesW() > p.cols[best].valuesW()) {
				best = i
			}
		}
		if best < 0 {
			return
		}
		c := &p.cols[best]
		others := p.widthBounds(s, bs) - max(c.valuesW(), c.headerW())*s.scale - 2*s.tsep
		w := (width - others - 2*s.tsep) / s.scale
		if max(w, c.headerW()) >= c.valuesW() {
			return // wrapping it would not narrow the table
		}
		c.wrap = max(w, c.headerW())
		if c.wrap == w {
			return // the table fits now
		}
	}
}

// rotateHeaders turns the headers of value columns, those that gain most first, until
// the table's estimated width is at most width in the size the layout ends with
// (widthAt of sizeFor), or no header is wider than its values.
func (p *latexPlan) rotateHeaders(width float64, sizeFor func() float64) {
	for sizeFor() > width {
		best, gain := -1, 0.0
		for i, c := range p.cols {
			if g := c.headerW() - c.dataW(); c.col.Kind != results.KindText && !c.rotate && g > gain {
				best, gain = i, g
			}
		}
		if best < 0 {
			return
		}
		p.cols[best].rotate = true
	}
}

// fits is the estimated width that is taken to fit width: 2% less, for the error of the
// estimate (about 1% on the built-in report's tables).
func fits(width float64) float64 { return 0.98 * width }

// trimFloat formats a length in points without trailing zeros.
func trimFloat(x float64) string { return strconv.FormatFloat(x, 'f', -1, 64) }
