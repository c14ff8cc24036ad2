package results

import (
	"fmt"
	"strconv"

	"github.com/sabench/sabench-stats/results/num"
)

// Kind is a column's value type; it decides which cells the column accepts and how they
// are formatted.
type Kind uint8

const (
	KindText            Kind = iota // free text; Text cells
	KindCount                       // integer counts; Count cells
	KindNumber                      // numbers with fixed decimals; Number cells
	KindPercent                     // proportions shown in percentage points; Number cells
	KindInterval                    // estimate [lo, hi] in plain numbers; Interval cells
	KindPercentInterval             // estimate [lo, hi] of proportions, in points; Interval cells
	KindFraction                    // "n/N" count pairs; Fraction cells
	KindPValue                      // p-values, "<0.001" below 0.001; PValue cells
)

var kindNames = [...]string{"text", "count", "number", "percent", "interval", "percent_interval", "fraction", "p_value"}

// String returns the kind's name as written in the JSON column list.
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", uint8(k))
}

// accepts reports whether a cell of type c may sit in a column of kind k; every column
// accepts empty cells.
func (k Kind) accepts(c CellType) bool {
	switch c {
	case CellEmpty:
		return true
	case CellText:
		return k == KindText
	case CellCount:
		return k == KindCount
	case CellNumber:
		return k == KindNumber || k == KindPercent
	case CellInterval:
		return k == KindInterval || k == KindPercentInterval
	case CellFraction:
		return k == KindFraction
	case CellPValue:
		return k == KindPValue
	}
	return false
}

// Percent reports whether the kind shows proportions in percentage points.
func (k Kind) Percent() bool { return k == KindPercent || k == KindPercentInterval }

// Align is a column's horizontal alignment in the display forms.
type Align uint8

const (
	AlignAuto   Align = iota // text left, everything else right
	AlignLeft                // flush left
	AlignRight               // flush right
	AlignCenter              // centred
)

// Column describes one column.
type Column struct {
	// Key names the column in CSV headers and JSON rows. Intervals add Key+"_lo" and
	// Key+"_hi", fractions Key+"_total"; all of these must be unique in a table.
	Key string
	// Header is the column title in the display forms.
	Header string
	Kind   Kind
	// Decimals is the number of digits after the point in the display forms
	// (Number, Percent and the interval kinds; PValue prints at least 3).
	Decimals int
	Align    Align
	// Signed prints an explicit "+" on positive values in the display forms, for
	// differences ("+4.4 [+1.1, +7.9]"). Zero stays unsigned ("0.0").
	Signed bool
}

// Aligned resolves AlignAuto for the column's kind.
func (c Column) Aligned() Align {
	if c.Align != AlignAuto {
		return c.Align
	}
	if c.Kind == KindText {
		return AlignLeft
	}
	return AlignRight
}

// Fields returns the data-form field names of the column, in order.
func (c Column) Fields() []string {
	switch c.Kind {
	case KindInterval, KindPercentInterval:
		return []string{c.Key, c.Key + "_lo", c.Key + "_hi"}
	case KindFraction:
		return []string{c.Key, c.Key + "_total"}
	}
	return []string{c.Key}
}

// Row is one table row. Consecutive rows with different Group values are separated by a
// rule in the display forms (the paper's Table 2 groups configurations by model); the
// data forms carry the group as a "group" field when any row has one.
type Row struct {
	Group string
	Cells []Cell
}

// Table is one results table.
type Table struct {
	// ID is the paper's table id ("T2") or a name ("coverage"); it becomes the LaTeX label
	// and the JSON "table" field.
	ID      string
	Title   string
	Columns []Column
	Rows    []Row
	// Notes are footnotes printed under the table (and listed in JSON).
	Notes []string
	// Empty, when the table has no rows, says why (also its last note); the CLI prints it
	// on stderr and the report index lists it.
	Empty string
	// Meta is the provenance (Stamp sets it); the JSON form writes it as "meta", a CSV
	// file's sidecar holds it. Nil writes none.
	Meta *Meta
	// Intervals, on a table with bootstrap intervals, describes them (options and
	// caveats) for the data forms; nil otherwise.
	Intervals *Intervals
	// IntervalsBelow puts interval bounds on a second line under each row in the text form
	// (the other forms show "x [lo, hi]" in the cell).
	IntervalsBelow bool
}

// GroupField is the data-form field that carries Row.Group.
const GroupField = "group"

// MaxDecimals bounds Column.Decimals; more digits than a float64 holds are noise.
const MaxDecimals = 15

// AddRow appends an ungrouped row.
func (t *Table) AddRow(cells ...Cell) { t.Rows = append(t.Rows, Row{Cells: cells}) }

// AddGroupRow appends a row that belongs to group.
func (t *Table) AddGroupRow(group string, cells ...Cell) {
	t.Rows = append(t.Rows, Row{Group: group, Cells: cells})
}

// Column returns the index of the column with the given key, or -1.
func (t *Table) Column(key string) int {
	for i, c := range t.Columns {
		if c.Key == key {
			return i
		}
	}
	return -1
}

// Grouped reports whether any row has a group.
func (t *Table) Grouped() bool {
	for _, r := range t.Rows {
		if r.Group != "" {
			return true
		}
	}
	return false
}

// Validate checks that the table can be rendered: at least one column, unique non-empty
// keys (including the derived interval and fraction fields), known kinds, decimals in
// [0, 15], every row as wide as the header and every cell of a type its column accepts.
// Errors name the table, the row (1-based) and the column key.
func (t *Table) Validate() error {
	if t == nil {
		return fmt.Errorf("results: nil table")
	}
	name := t.ID
	if name == "" {
		name = "(no id)"
	}
	if len(t.Columns) == 0 {
		return fmt.Errorf("table %s: no columns", name)
	}
	seen := make(map[string]bool)
	if t.Grouped() {
		seen[GroupField] = true
	}
	for i, c := range t.Columns {
		if c.Key == "" {
			return fmt.Errorf("table %s: column %d: empty key", name, i+1)
		}
		if int(c.Kind) >= len(kindNames) {
			return fmt.Errorf("table %s: column %q: unknown kind %d", name, c.Key, c.Kind)
		}
		if c.Align > AlignCenter {
			return fmt.Errorf("table %s: column %q: unknown alignment %d", name, c.Key, c.Align)
		}
		if c.Decimals < 0 || c.Decimals > MaxDecimals {
			return fmt.Errorf("table %s: column %q: decimals %d outside [0, %d]", name, c.Key, c.Decimals, MaxDecimals)
		}
		for _, f := range c.Fields() {
			if seen[f] {
				return fmt.Errorf("table %s: column %q: field %q is used twice", name, c.Key, f)
			}
			seen[f] = true
		}
	}
	for i, r := range t.Rows {
		if len(r.Cells) != len(t.Columns) {
			return fmt.Errorf("table %s: row %d: %d cells for %d columns", name, i+1, len(r.Cells), len(t.Columns))
		}
		for j, c := range r.Cells {
			col := t.Columns[j]
			if !col.Kind.accepts(c.typ) {
				return fmt.Errorf("table %s: row %d, column %q: %s cell in a %s column", name, i+1, col.Key, c.typ, col.Kind)
			}
			if c.typ == CellPValue && !(c.x >= 0 && c.x <= 1) {
				return fmt.Errorf("table %s: row %d, column %q: p-value %v outside [0, 1]", name, i+1, col.Key, c.x)
			}
		}
	}
	return nil
}

// HighlightBest marks with [Cell.Bold] the best value of the column with the given key:
// the largest when higher is true, else the smallest (all cells that tie for it). Empty
// and 0/0 cells never win. Intervals compare by estimate, fractions by n/N.
func (t *Table) HighlightBest(key string, higher bool) error {
	j := t.Column(key)
	if j < 0 {
		return fmt.Errorf("table %s: no column %q", t.ID, key)
	}
	if t.Columns[j].Kind == KindText {
		return fmt.Errorf("table %s: column %q holds text", t.ID, key)
	}
	// Compare the values as displayed, so that two cells that print the same both win.
	col := t.Columns[j]
	best, found := 0.0, false
	for _, r := range t.Rows {
		if j >= len(r.Cells) {
			continue
		}
		v, ok := shownValue(r.Cells[j], col)
		if ok && (!found || (higher && v > best) || (!higher && v < best)) {
			best, found = v, true
		}
	}
	if !found {
		return nil
	}
	for i := range t.Rows {
		r := &t.Rows[i]
		if j >= len(r.Cells) {
			continue
		}
		if v, ok := shownValue(r.Cells[j], col); ok && v == best {
			r.Cells[j] = r.Cells[j].Bold()
		}
	}
	return nil
}

// shownValue is the cell's comparison value rounded as the display forms print it.
func shownValue(c Cell, col Column) (float64, bool) {
	v, ok := c.Value()
	if !ok {
		return 0, false
	}
	if c.typ == CellCount || c.typ == CellFraction {
		return v, true
	}
	r, err := strconv.ParseFloat(num.Fixed(v, col.Kind.Percent(), col.Decimals, false, "-"), 64)
	if err != nil {
		return 0, false // not finite in points
	}
	return r, true
}
