package render

import (
	"github.com/sabench/sabench-stats/results"

	"github.com/sabench/sabench-stats/ingest"
)

// A table with intervals in most of its value columns (T2's rates, T13's Δs) is set
// stacked, as the text form does with Table.IntervalsBelow: the estimate on the row and
// its bounds "[lo, hi]" in \scriptsize on a second tabular row, so an interval column is
// as wide as its bounds in small type rather than the whole "x [lo, hi]".

// boundsScale is the width of \scriptsize (7 pt) text relative to 10 pt; the bounds keep
// that size whatever size the fitting macro picks for the table.
var boundsScale = typeSizes[len(typeSizes)-1].scale

// stackIntervals reports whether t is set stacked: it has interval columns and they are
// at least half of its non-text columns.
func stackIntervals(t *results.Table) bool {
	intervals, values := 0, 0
	for _, c := range t.Columns {
		switch c.Kind {
		case results.KindText:
			continue
		case results.KindInterval, results.KindPercentInterval:
			intervals++
		}
		values++
	}
	return intervals > 0 && 2*intervals >= values
}

// stackColumns sets every interval column of t stacked (newStackedCol), for a longtable
// too wide for a page with its intervals on one line (the variance table of five
// repeats: six intervals); false when it has none to stack.
func (p *latexPlan) stackColumns(t *results.Table) bool {
	if p.stacked {
		return false
	}
	for j, c := range t.Columns {
		if c.Kind == results.KindInterval || c.Kind == results.KindPercentInterval {
			p.cols[j] = newStackedCol(c, j, t.Rows)
			p.stacked = true
		}
	}
	return p.stacked
}

// newStackedCol lays out an interval column of a stacked table: one right-aligned column
// holding the estimate, with the bounds on the row below.
func newStackedCol(col results.Column, j int, rows []results.Row) latexCol {
	c := latexCol{col: col, header: []string{ingest.OneLine(col.Header)}, n: 1, spec: "r", stack: true, subW: make([]float64, 1)}
	for _, r := range rows {
		cell := r.Cells[j]
		x, bounds := rawFlavor.estimateAndBounds(cell, col)
		if cell.Type() != results.CellInterval {
			x, bounds = rawFlavor.empty, ""
		}
		c.subW[0] = max(c.subW[0], texWidth(x, cell.IsBold()))
		c.boundsW = max(c.boundsW, texWidth(bounds, false))
	}
	return c
}

// boundsTeX writes the second-row cell of a stacked column: the bounds in size (\scriptsize,
// or 7 pt in a longtable), or nothing for an empty cell or a column that is not stacked.
func (c *latexCol) boundsTeX(cell results.Cell, size string) string {
	if !c.stack || cell.Type() != results.CellInterval {
		return ""
	}
	_, bounds := rawFlavor.estimateAndBounds(cell, c.col)
	if bounds == "" {
		return ""
	}
	return `{` + size + ` ` + latexNumber.Replace(bounds) + `}`
}

// writeBoundsRow writes the second row of a stacked table's row r.
func (p *latexPlan) writeBoundsRow(b stringWriter, r results.Row) {
	// A longtable, set at a size in points, sets its bounds in points too: \scriptsize is
	// 8 pt in an 11 pt article, wider than the 7 pt its width was measured with (T2 of 16
	// configurations ran 10 pt past a landscape page).
	size := `\scriptsize`
	if p.env == "longtable" {
		size = typeSizes[len(typeSizes)-1].abs
	}
	for j, c := range r.Cells {
		if j > 0 {
			b.WriteString(" & ")
		}
		b.WriteString(p.cols[j].boundsTeX(c, size))
	}
	b.WriteString(" \\\\\n")
}

type stringWriter interface{ WriteString(string) (int, error) }
