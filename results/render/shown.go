package render

import "github.com/sabench/sabench-stats/results"

// Shown returns cell (row, col) of t as the terminal form prints it ("63.4 [59.8, 66.9]",
// "—" for empty cells), for renderers outside this package (the HTML viewer).
// Out-of-range positions give "".
func Shown(t *results.Table, row, col int) string {
	if row < 0 || row >= len(t.Rows) || col < 0 || col >= len(t.Columns) || col >= len(t.Rows[row].Cells) {
		return ""
	}
	return textFlavor.show(t.Rows[row].Cells[col], t.Columns[col])
}
