package render

import (
	"bufio"
	"strconv"
	"unicode/utf8"

	"github.com/sabench/sabench-stats/results"
)

// writeJSONAll writes one table as an object, several as an array, then a newline.
func writeJSONAll(w *bufio.Writer, tables []*results.Table) {
	var b []byte
	if len(tables) == 1 {
		b = appendTableJSON(b, tables[0], "")
	} else {
		b = append(b, '[')
		for i, t := range tables {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, "\n  "...)
			b = appendTableJSON(b, t, "  ")
		}
		if len(tables) > 0 {
			b = append(b, '\n')
		}
		b = append(b, ']')
	}
	b = append(b, '\n')
	w.Write(b)
}

// appendTableJSON appends {"table", "title", "columns", "rows", "notes"} in that order
// (then "meta" when the table has provenance),
// one column, row or note per line so that diffs stay readable; ind prefixes each line
// after the first.
func appendTableJSON(b []byte, t *results.Table, ind string) []byte {
	b = append(b, "{\n"...)
	b = append(b, ind...)
	b = append(b, `  "table": `...)
	b = appendJSONString(b, t.ID)
	b = append(b, ",\n"...)
	b = append(b, ind...)
	b = append(b, `  "title": `...)
	b = appendJSONString(b, t.Title)
	b = append(b, ",\n"...)
	b = append(b, ind...)
	b = append(b, `  "columns": `...)
	b = appendColumnsJSON(b, t.Columns, ind)
	b = append(b, ",\n"...)
	b = append(b, ind...)
	b = append(b, `  "rows": [`...)
	grouped := t.Grouped()
	for i, r := range t.Rows {
		b = listItem(b, i, ind)
		b = append(b, '{')
		sep := false
		if grouped {
			b = append(b, `"group": `...)
			b = appendJSONString(b, r.Group)
			sep = true
		}
		for j, c := range r.Cells {
			col := t.Columns[j]
			vals := dataValues(c, col)
			for k, f := range col.Fields() {
				if sep {
					b = append(b, ", "...)
				}
				sep = true
				b = appendJSONString(b, f)
				b = append(b, ": "...)
				b = appendJSONValue(b, c, vals[k])
			}
		}
		b = append(b, '}')
	}
	b = listEnd(b, len(t.Rows), ind)
	b = append(b, ",\n"...)
	b = append(b, ind...)
	if t.Intervals != nil {
		b = appendIntervalsJSON(b, t.Intervals, ind)
		b = append(b, ",\n"...)
		b = append(b, ind...)
	}
	b = append(b, `  "notes": `...)
	b = appendNotesJSON(b, t.Notes, ind)
	if t.Meta != nil {
		b = append(b, ",\n"...)
		b = append(b, ind...)
		b = append(b, `  "meta": `...)
		b = append(b, t.Meta.JSON(ind+"  ")...)
	}
	b = append(b, '\n')
	b = append(b, ind...)
	return append(b, '}')
}

// appendColumnsJSON appends a table's columns as a list, one column a line: each with its
// key, header, kind, decimals and data fields.
func appendColumnsJSON(b []byte, cols []results.Column, ind string) []byte {
	b = append(b, '[')
	for i, c := range cols {
		b = listItem(b, i, ind)
		b = append(b, `{"key": `...)
		b = appendJSONString(b, c.Key)
		b = append(b, `, "header": `...)
		b = appendJSONString(b, c.Header)
		b = append(b, `, "kind": `...)
		b = appendJSONString(b, c.Kind.String())
		b = append(b, `, "decimals": `...)
		b = strconv.AppendInt(b, int64(c.Decimals), 10)
		b = append(b, `, "fields": [`...)
		for k, f := range c.Fields() {
			if k > 0 {
				b = append(b, ", "...)
			}
			b = appendJSONString(b, f)
		}
		b = append(b, "]}"...)
	}
	return listEnd(b, len(cols), ind)
}

// appendNotesJSON appends a table's notes as a list, one note a line.
func appendNotesJSON(b []byte, notes []string, ind string) []byte {
	b = append(b, '[')
	for i, n := range notes {
		b = listItem(b, i, ind)
		b = appendJSONString(b, n)
	}
	return listEnd(b, len(notes), ind)
}

func listItem(b []byte, i int, ind string) []byte {
	if i > 0 {
		b = append(b, ',')
	}
	b = append(b, '\n')
	b = append(b, ind...)
	return append(b, "    "...)
}

func listEnd(b []byte, n int, ind string) []byte {
	if n == 0 {
		return append(b, ']')
	}
	b = append(b, '\n')
	b = append(b, ind...)
	return append(b, "  ]"...)
}

// appendJSONValue writes one data field: a text cell as a string, null for an empty
// value, else the number exactly as the CSV form has it.
func appendJSONValue(b []byte, c results.Cell, v string) []byte {
	switch {
	case c.Type() == results.CellText:
		return appendJSONString(b, v)
	case v == "":
		return append(b, "null"...)
	}
	return append(b, v...)
}

// appendJSONString appends s as a JSON string. Unlike encoding/json it leaves <, > and &
// alone (this is a data file, not HTML); it escapes control characters and U+2028/U+2029
// and replaces invalid UTF-8 with U+FFFD, so the output is valid JSON for any input.
func appendJSONString(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			switch {
			case c == '"' || c == '\\':
				b = append(b, '\\', c)
			case c == '\n':
				b = append(b, '\\', 'n')
			case c == '\r':
				b = append(b, '\\', 'r')
			case c == '\t':
				b = append(b, '\\', 't')
			case c < 0x20 || c == 0x7f:
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&15])
			default:
				b = append(b, c)
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b = append(b, `\ufffd`...)
		case r == '\u2028' || r == '\u2029':
			b = append(b, '\\', 'u', '2', '0', '2', hex[r&15])
		default:
			b = append(b, s[i:i+size]...)
		}
		i += size
	}
	return append(b, '"')
}
