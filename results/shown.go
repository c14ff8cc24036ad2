package results

// Shown returns cell (row, col) as the terminal form prints it ("63.4 [59.8, 66.9]", "—"
// for empty cells), for renderers outside this package (the HTML viewer). Out-of-range
// positions give "".
func (t *Table) Shown(row, col int) string {
	if row < 0 || row >= len(t.Rows) || col < 0 || col >= len(t.Columns) || col >= len(t.Rows[row].Cells) {
		return ""
	}
	return textFlavor.show(t.Rows[row].Cells[col], t.Columns[col])
}

// CellText returns the string of a text cell and whether the cell is one.
func (c Cell) CellText() (string, bool) { return c.s, c.typ == cellText }
