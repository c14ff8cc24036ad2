package render

import (
	"encoding/csv"
	"io"
	"math"
	"strconv"

	"github.com/sabench/sabench-stats/results"
	"github.com/sabench/sabench-stats/results/num"
)

// writeCSV writes the header row of data fields (a "group" field first when rows are
// grouped, the interval options last on a table with intervals) and one record per row; titles and notes have no place in RFC 4180 and are left
// to the other forms.
func writeCSV(w io.Writer, t *results.Table) error {
	cw := csv.NewWriter(w)
	grouped := t.Grouped()
	var rec []string
	if grouped {
		rec = append(rec, results.GroupField)
	}
	for _, c := range t.Columns {
		rec = append(rec, c.Fields()...)
	}
	if t.Intervals != nil {
		rec = append(rec, ciFields...)
	}
	for k := range rec {
		rec[k] = csvText(rec[k])
	}
	if err := cw.Write(rec); err != nil {
		return err
	}
	for i, r := range t.Rows {
		rec = rec[:0]
		if grouped {
			rec = append(rec, csvText(r.Group))
		}
		for j, c := range r.Cells {
			vals := dataValues(c, t.Columns[j])
			if c.Type() == results.CellText {
				vals[0] = csvText(vals[0])
			}
			rec = append(rec, vals...)
		}
		if t.Intervals != nil {
			for _, v := range ciValues(t.Intervals, i) {
				rec = append(rec, csvText(v))
			}
		}
		if err := cw.Write(rec); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// csvText is a text field as the CSV tables write it: a field that a spreadsheet would
// run as a formula (one beginning with =, +, -, @, a tab or a carriage return) gets a
// leading apostrophe, as OWASP advises, so that opening the file cannot run a
// configuration's name; so does one beginning with an apostrophe, so that a reader gets
// the name back by dropping one leading apostrophe from any text field that has one.
// Numbers are never text fields: "-7.6" stays a number.
func csvText(s string) string {
	if s == "" {
		return s
	}
	switch s[0] {
	case '=', '+', '-', '@', '\t', '\r', '\'':
		return "'" + s
	}
	return s
}

// dataValues returns the data-form values of a cell, one per field of its column: full
// precision numbers (points for percent kinds), "" for an empty value.
func dataValues(c results.Cell, col results.Column) []string {
	out := make([]string, len(col.Fields()))
	pct := col.Kind.Percent()
	whole := !pct && col.Decimals == 0
	num := func(x float64) string {
		// A plain column of no decimals holds whole numbers (a rank, its set, a rank
		// change): they read as integers, as the counts beside them do, not 2.0.
		if whole && x == math.Trunc(x) && math.Abs(x) < 1<<53 {
			return strconv.FormatInt(int64(x), 10)
		}
		return num.Data(x, pct)
	}
	switch c.Type() {
	case results.CellText:
		out[0] = c.Str()
	case results.CellCount:
		out[0] = strconv.FormatInt(c.N(), 10)
	case results.CellNumber, results.CellPValue:
		out[0] = num(c.X())
	case results.CellInterval:
		out[0], out[1], out[2] = num(c.X()), num(c.Lo()), num(c.Hi())
	case results.CellFraction:
		out[0], out[1] = strconv.FormatInt(c.N(), 10), strconv.FormatInt(c.Total(), 10)
	}
	return out
}
