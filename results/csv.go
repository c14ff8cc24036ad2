package results

import (
	"encoding/csv"
	"io"
	"strconv"
)

// writeCSV writes the header row of data fields (a "group" field first when rows are
// grouped, the interval options last on a table with intervals) and one record per row; titles and notes have no place in RFC 4180 and are left
// to the other forms.
func writeCSV(w io.Writer, t *Table) error {
	cw := csv.NewWriter(w)
	grouped := t.grouped()
	var rec []string
	if grouped {
		rec = append(rec, groupField)
	}
	for _, c := range t.Columns {
		rec = append(rec, c.fields()...)
	}
	if t.Intervals != nil {
		rec = append(rec, ciFields...)
	}
	if err := cw.Write(rec); err != nil {
		return err
	}
	for i, r := range t.Rows {
		rec = rec[:0]
		if grouped {
			rec = append(rec, r.Group)
		}
		for j, c := range r.Cells {
			rec = append(rec, dataValues(c, t.Columns[j])...)
		}
		if t.Intervals != nil {
			rec = append(rec, t.Intervals.csvValues(i)...)
		}
		if err := cw.Write(rec); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// dataValues returns the data-form values of a cell, one per field of its column: full
// precision numbers (points for percent kinds), "" for an empty value.
func dataValues(c Cell, col Column) []string {
	out := make([]string, len(col.fields()))
	pct := col.Kind.percent()
	num := func(x float64) string { return dataNumber(x, pct) }
	switch c.typ {
	case cellText:
		out[0] = c.s
	case cellCount:
		out[0] = strconv.FormatInt(c.n, 10)
	case cellNumber, cellPValue:
		out[0] = num(c.x)
	case cellInterval:
		out[0], out[1], out[2] = num(c.x), num(c.lo), num(c.hi)
	case cellFraction:
		out[0], out[1] = strconv.FormatInt(c.n, 10), strconv.FormatInt(c.total, 10)
	}
	return out
}
