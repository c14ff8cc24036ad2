package render

import (
	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/results"
	"github.com/sabench/sabench-stats/results/num"
)

// flavor is what differs between the three display forms.
type flavor struct {
	minus string              // the minus sign: "-" or LaTeX "$-$"
	less  string              // the less-than sign of "<0.001": "<" or LaTeX "$<$"
	empty string              // the not-applicable mark
	text  func(string) string // escapes a text cell or header
	bold  func(string) string // marks a highlighted cell; nil shows no mark
}

// show formats cell c of column col for a display form.
func (fl *flavor) show(c results.Cell, col results.Column) string {
	s := fl.value(c, col)
	if c.IsBold() && fl.bold != nil && c.Type() != results.CellEmpty {
		s = fl.bold(s)
	}
	return s
}

func (fl *flavor) value(c results.Cell, col results.Column) string {
	switch c.Type() {
	case results.CellText:
		return fl.text(ingest.NameText(c.Str()))
	case results.CellCount:
		return num.Integer(c.N(), col.Signed, fl.minus)
	case results.CellNumber:
		return fl.bound(c.X(), col)
	case results.CellInterval:
		x := fl.bound(c.X(), col)
		if x == fl.empty {
			return x // the estimate overflowed when scaled to points
		}
		return x + " [" + fl.bound(c.Lo(), col) + ", " + fl.bound(c.Hi(), col) + "]"
	case results.CellFraction:
		return num.Integer(c.N(), false, fl.minus) + "/" + num.Integer(c.Total(), false, fl.minus)
	case results.CellPValue:
		return num.PValue(c.X(), col.Decimals, fl.less)
	}
	return fl.empty
}

// estimateAndBounds splits an interval cell into its estimate and "[lo, hi]", for the
// text form's second line.
func (fl *flavor) estimateAndBounds(c results.Cell, col results.Column) (string, string) {
	x := fl.bound(c.X(), col)
	if x == fl.empty {
		return x, ""
	}
	return x, "[" + fl.bound(c.Lo(), col) + ", " + fl.bound(c.Hi(), col) + "]"
}

// bound formats one number of a column, or the empty mark if it is not finite.
func (fl *flavor) bound(x float64, col results.Column) string {
	if s := num.Fixed(x, col.Kind.Percent(), col.Decimals, col.Signed, fl.minus); s != "" {
		return s
	}
	return fl.empty
}

// header returns the display header of col.
func (fl *flavor) header(col results.Column) string { return fl.text(ingest.OneLine(col.Header)) }

// caption is the one-line title of a table in the text and Markdown forms: "T2: Title".
func caption(t *results.Table) string {
	id, title := ingest.OneLine(t.ID), ingest.OneLine(t.Title)
	switch {
	case id == "":
		return title
	case title == "":
		return id
	}
	return id + ": " + title
}
