package results

import "math"

// CellType is what a cell holds; a column's Kind says which types it accepts.
type CellType uint8

// The cell types.
const (
	CellEmpty CellType = iota
	CellText
	CellCount
	CellNumber
	CellInterval
	CellFraction
	CellPValue
)

var cellTypeNames = [...]string{"empty", "text", "count", "number", "interval", "fraction", "p-value"}

func (c CellType) String() string { return cellTypeNames[c] }

// Cell is one typed table value. Build cells with [Empty], [Text], [Count], [Number],
// [Interval], [Fraction] and [PValue]; the zero Cell is empty.
type Cell struct {
	typ       CellType
	bold      bool
	s         string
	n, total  int64
	x, lo, hi float64
}

// Empty is a not-applicable cell: "—" in the display forms, "" in CSV, null in JSON.
func Empty() Cell { return Cell{} }

// Text is a free-text cell (names, labels).
func Text(s string) Cell { return Cell{typ: CellText, s: s} }

// Count is an integer count.
func Count(n int64) Cell { return Cell{typ: CellCount, n: n} }

// Number is a number for a Number column, or a proportion (0.634) for a Percent column.
// A non-finite x makes the cell empty.
func Number(x float64) Cell {
	if !finite(x) {
		return Cell{}
	}
	return Cell{typ: CellNumber, x: x}
}

// Interval is an estimate with its lower and upper bound (e.g. a difference and its 95% CI),
// for an Interval or PercentInterval column. A non-finite estimate makes the cell empty; a
// non-finite bound (an interval that could not be computed) is shown as an empty bound.
func Interval(x, lo, hi float64) Cell {
	if !finite(x) {
		return Cell{}
	}
	return Cell{typ: CellInterval, x: x, lo: lo, hi: hi}
}

// Fraction is a count pair "n/N" (e.g. 23/43 episodes acted).
func Fraction(n, total int64) Cell { return Cell{typ: CellFraction, n: n, total: total} }

// PValue is a p-value in [0, 1] for a PValue column: "<0.001" below 0.001 in the display
// forms, full precision in CSV and JSON. A non-finite p (a test that could not be run) makes
// the cell empty.
func PValue(p float64) Cell {
	if !finite(p) {
		return Cell{}
	}
	return Cell{typ: CellPValue, x: p}
}

// Bold returns the cell marked as highlighted (the best value of its column): bold in
// Markdown and LaTeX. The terminal, CSV and JSON forms do not show the mark.
func (c Cell) Bold() Cell {
	c.bold = true
	return c
}

// IsBold reports whether the cell is highlighted.
func (c Cell) IsBold() bool { return c.bold }

// Value returns the number a cell is compared by: the count, the number, the interval's
// estimate or the fraction's ratio n/N. ok is false for text, empty cells and 0/0.
func (c Cell) Value() (v float64, ok bool) {
	switch c.typ {
	case CellCount:
		return float64(c.n), true
	case CellNumber, CellInterval, CellPValue:
		return c.x, true
	case CellFraction:
		if c.total == 0 {
			return 0, false
		}
		return float64(c.n) / float64(c.total), true
	}
	return 0, false
}

func finite(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }

// Type is what the cell holds.
func (c Cell) Type() CellType { return c.typ }

// Str is a text cell's string.
func (c Cell) Str() string { return c.s }

// N is a count cell's count or a fraction cell's numerator.
func (c Cell) N() int64 { return c.n }

// Total is a fraction cell's denominator.
func (c Cell) Total() int64 { return c.total }

// X is a number's, p-value's or interval's value (an interval's estimate).
func (c Cell) X() float64 { return c.x }

// Lo is an interval cell's lower bound.
func (c Cell) Lo() float64 { return c.lo }

// Hi is an interval cell's upper bound.
func (c Cell) Hi() float64 { return c.hi }

// CellText returns the string of a text cell and whether the cell is one.
func (c Cell) CellText() (string, bool) { return c.s, c.typ == CellText }
