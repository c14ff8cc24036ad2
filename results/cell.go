package results

import "math"

// cellType is what a cell holds; a column's Kind says which types it accepts.
type cellType uint8

const (
	cellEmpty cellType = iota
	cellText
	cellCount
	cellNumber
	cellInterval
	cellFraction
	cellPValue
)

var cellTypeNames = [...]string{"empty", "text", "count", "number", "interval", "fraction", "p-value"}

func (c cellType) String() string { return cellTypeNames[c] }

// Cell is one typed table value. Build cells with [Empty], [Text], [Count], [Number],
// [Interval], [Fraction] and [PValue]; the zero Cell is empty.
type Cell struct {
	typ       cellType
	bold      bool
	s         string
	n, total  int64
	x, lo, hi float64
}

// Empty is a not-applicable cell: "—" in the display forms, "" in CSV, null in JSON.
func Empty() Cell { return Cell{} }

// Text is a free-text cell (names, labels).
func Text(s string) Cell { return Cell{typ: cellText, s: s} }

// Count is an integer count.
func Count(n int64) Cell { return Cell{typ: cellCount, n: n} }

// Number is a number for a Number column, or a proportion (0.634) for a Percent column.
// A non-finite x makes the cell empty.
func Number(x float64) Cell {
	if !finite(x) {
		return Cell{}
	}
	return Cell{typ: cellNumber, x: x}
}

// Interval is an estimate with its lower and upper bound (e.g. a difference and its 95% CI),
// for an Interval or PercentInterval column. A non-finite estimate makes the cell empty; a
// non-finite bound (an interval that could not be computed) is shown as an empty bound.
func Interval(x, lo, hi float64) Cell {
	if !finite(x) {
		return Cell{}
	}
	return Cell{typ: cellInterval, x: x, lo: lo, hi: hi}
}

// Fraction is a count pair "n/N" (e.g. 23/43 episodes acted).
func Fraction(n, total int64) Cell { return Cell{typ: cellFraction, n: n, total: total} }

// PValue is a p-value in [0, 1] for a PValue column: "<0.001" below 0.001 in the display
// forms, full precision in CSV and JSON. A non-finite p (a test that could not be run) makes
// the cell empty.
func PValue(p float64) Cell {
	if !finite(p) {
		return Cell{}
	}
	return Cell{typ: cellPValue, x: p}
}

// Bold returns the cell marked as highlighted (the best value of its column): bold in
// Markdown and LaTeX. The terminal, CSV and JSON forms do not show the mark.
func (c Cell) Bold() Cell {
	c.bold = true
	return c
}

// IsBold reports whether the cell is highlighted.
func (c Cell) IsBold() bool { return c.bold }

// isEmpty reports whether the cell is not applicable.
func (c Cell) isEmpty() bool { return c.typ == cellEmpty }

// Value returns the number a cell is compared by: the count, the number, the interval's
// estimate or the fraction's ratio n/N. ok is false for text, empty cells and 0/0.
func (c Cell) Value() (v float64, ok bool) {
	switch c.typ {
	case cellCount:
		return float64(c.n), true
	case cellNumber, cellInterval, cellPValue:
		return c.x, true
	case cellFraction:
		if c.total == 0 {
			return 0, false
		}
		return float64(c.n) / float64(c.total), true
	}
	return 0, false
}

func finite(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }
