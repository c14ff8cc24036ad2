package results

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"math"
	"strings"
	"testing"
)

func TestValidate(t *testing.T) {
	base := func() *Table {
		return &Table{ID: "T", Columns: []Column{
			{Key: "name", Kind: KindText},
			{Key: "d", Kind: KindPercentInterval, Decimals: 1},
		}}
	}
	tests := []struct {
		name string
		edit func(t *Table)
		want string // "" = valid
	}{
		{"ok", func(t *Table) { t.AddRow(Text("a"), Interval(0.1, 0, 0.2)) }, ""},
		{"empty cells fit anywhere", func(t *Table) { t.AddRow(Empty(), Empty()) }, ""},
		{"no columns", func(t *Table) { t.Columns = nil }, "table T: no columns"},
		{"empty key", func(t *Table) { t.Columns[0].Key = "" }, "table T: column 1: empty key"},
		{"duplicate key", func(t *Table) { t.Columns[1].Key = "name" }, `table T: column "name": field "name" is used twice`},
		{"derived field collides", func(t *Table) {
			t.Columns = append(t.Columns, Column{Key: "d_lo", Kind: KindNumber})
		}, `table T: column "d_lo": field "d_lo" is used twice`},
		{"fraction total collides", func(t *Table) {
			t.Columns = append(t.Columns, Column{Key: "name_total", Kind: KindCount}, Column{Key: "name", Kind: KindFraction})
			t.Columns[0].Key = "x"
		}, `table T: column "name": field "name_total" is used twice`},
		{"group field reserved when grouped", func(t *Table) {
			t.Columns[0].Key = "group"
			t.AddGroupRow("g", Text("a"), Empty())
		}, `table T: column "group": field "group" is used twice`},
		{"group key free when ungrouped", func(t *Table) { t.Columns[0].Key = "group" }, ""},
		{"decimals", func(t *Table) { t.Columns[1].Decimals = -1 }, `table T: column "d": decimals -1 outside [0, 15]`},
		{"kind", func(t *Table) { t.Columns[1].Kind = 99 }, `table T: column "d": unknown kind 99`},
		{"align", func(t *Table) { t.Columns[1].Align = 9 }, `table T: column "d": unknown alignment 9`},
		{"short row", func(t *Table) { t.AddRow(Text("a")) }, "table T: row 1: 1 cells for 2 columns"},
		{"wrong cell", func(t *Table) {
			t.AddRow(Text("a"), Empty())
			t.AddRow(Text("b"), Number(0.5))
		}, `table T: row 2, column "d": number cell in a percent_interval column`},
		{"text in a count column", func(t *Table) {
			t.Columns[1].Kind = KindCount
			t.AddRow(Text("a"), Text("7"))
		}, `table T: row 1, column "d": text cell in a count column`},
		{"no id", func(t *Table) { t.ID = ""; t.Columns = nil }, "table (no id): no columns"},
	}
	for _, tc := range tests {
		tab := base()
		tc.edit(tab)
		err := tab.Validate()
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%s: unexpected error %v", tc.name, err)
		case tc.want != "" && (err == nil || err.Error() != tc.want):
			t.Errorf("%s: error %v, want %q", tc.name, err, tc.want)
		}
	}
	var nilTable *Table
	if err := nilTable.Validate(); err == nil || err.Error() != "results: nil table" {
		t.Errorf("nil table: %v", err)
	}
}

// TestInvalidWritesNothing: RenderAll validates every table before writing a byte.
func TestInvalidWritesNothing(t *testing.T) {
	bad := &Table{ID: "bad", Columns: []Column{{Key: "a", Kind: KindCount}}}
	bad.AddRow(Number(1))
	for _, f := range Formats() {
		var b bytes.Buffer
		err := RenderAll(&b, []*Table{table4(), bad}, f)
		if err == nil || !strings.Contains(err.Error(), `table bad: row 1, column "a"`) {
			t.Errorf("%s: error %v", f, err)
		}
		if b.Len() != 0 {
			t.Errorf("%s: wrote %d bytes for an invalid table", f, b.Len())
		}
	}
	if err := Render(&bytes.Buffer{}, table4(), Format(42)); err == nil || err.Error() != "results: unknown format 42" {
		t.Errorf("unknown format: %v", err)
	}
}

func TestHighlightBest(t *testing.T) {
	tab := &Table{ID: "h", Columns: []Column{
		{Key: "name", Kind: KindText},
		{Key: "p", Kind: KindPercent, Decimals: 1},
		{Key: "d", Kind: KindInterval, Decimals: 1},
		{Key: "f", Kind: KindFraction},
	}}
	tab.AddRow(Text("a"), Number(0.6341), Interval(2, 1, 3), Fraction(1, 2))
	tab.AddRow(Text("b"), Number(0.6339), Interval(-5, -6, -4), Fraction(0, 0))
	tab.AddRow(Text("c"), Number(0.5), Empty(), Fraction(3, 4))
	tab.AddRow(Text("d"), Empty(), Interval(2, 0, 9), Fraction(2, 3))
	for key, higher := range map[string]bool{"p": true, "d": true, "f": false} {
		if err := tab.HighlightBest(key, higher); err != nil {
			t.Fatal(err)
		}
	}
	bold := func(col int) string {
		var s string
		for _, r := range tab.Rows {
			if r.Cells[col].IsBold() {
				s += r.Cells[0].s
			}
		}
		return s
	}
	// 63.41 and 63.39 both print as 63.4: both win.
	if got := bold(1); got != "ab" {
		t.Errorf("percent column bold rows %q, want ab", got)
	}
	if got := bold(2); got != "ad" {
		t.Errorf("interval column bold rows %q, want ad", got)
	}
	if got := bold(3); got != "a" { // 0/0 never wins
		t.Errorf("fraction column bold rows %q, want a", got)
	}
	if err := tab.HighlightBest("name", true); err == nil || err.Error() != `table h: column "name" holds text` {
		t.Errorf("text column: %v", err)
	}
	if err := tab.HighlightBest("zzz", true); err == nil || err.Error() != `table h: no column "zzz"` {
		t.Errorf("unknown column: %v", err)
	}
}

// TestJSONShape decodes the JSON form and checks the top-level key order, numbers as
// numbers, null for empty values and the interval fields.
func TestJSONShape(t *testing.T) {
	var b bytes.Buffer
	if err := Render(&b, table4(), FormatJSON); err != nil {
		t.Fatal(err)
	}
	dec := json.NewDecoder(bytes.NewReader(b.Bytes()))
	var keys []string
	tok, _ := dec.Token() // {
	if tok != json.Delim('{') {
		t.Fatalf("first token %v", tok)
	}
	for dec.More() {
		k, _ := dec.Token()
		keys = append(keys, k.(string))
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			t.Fatal(err)
		}
	}
	if got := strings.Join(keys, ","); got != "table,title,columns,rows,notes" {
		t.Errorf("keys %s", got)
	}
	var doc struct {
		Table   string
		Columns []struct {
			Key, Kind string
			Fields    []string
		}
		Rows  []map[string]any
		Notes []string
	}
	dec = json.NewDecoder(bytes.NewReader(b.Bytes()))
	dec.UseNumber()
	if err := dec.Decode(&doc); err != nil {
		t.Fatal(err)
	}
	if doc.Table != "T4" || len(doc.Rows) != 6 || len(doc.Notes) != 1 {
		t.Fatalf("decoded %+v", doc)
	}
	if got := strings.Join(doc.Columns[1].Fields, ","); got != "delta_ecs,delta_ecs_lo,delta_ecs_hi" || doc.Columns[1].Kind != "percent_interval" {
		t.Errorf("interval column %+v", doc.Columns[1])
	}
	glm := doc.Rows[4]
	for k, want := range map[string]string{"delta_ecs": "-6.8", "delta_ecs_lo": "-11.2", "delta_ecs_hi": "-2.5", "complete_family": "29.8"} {
		if n, ok := glm[k].(json.Number); !ok || n.String() != want {
			t.Errorf("GLM %s = %#v, want number %s", k, glm[k], want)
		}
	}
	if v, ok := doc.Rows[0]["complete_family"]; !ok || v != nil {
		t.Errorf("empty cell = %#v, want null", v)
	}
	if v := doc.Rows[5]["delta_ecs_lo"]; v != nil {
		t.Errorf("missing bound = %#v, want null", v)
	}
}

// TestCSVRoundTrip parses the CSV form back: quoting per RFC 4180 keeps every text cell.
func TestCSVRoundTrip(t *testing.T) {
	var b bytes.Buffer
	if err := Render(&b, specials(), FormatCSV); err != nil {
		t.Fatal(err)
	}
	recs, err := csv.NewReader(&b).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	want := [][]string{
		{"name", "tau", "n"},
		{`a&b %c $d #e _f {g} ~h ^i \j`, "-0.1234", "-3"},
		{"Zoë / Ünïcode-名前", "0.5", "1200"},
		{"two\nlines|pipe *star*", "0.0", "0"},
	}
	if len(recs) != len(want) {
		t.Fatalf("%d records, want %d", len(recs), len(want))
	}
	for i := range want {
		if strings.Join(recs[i], "\x00") != strings.Join(want[i], "\x00") {
			t.Errorf("record %d = %q, want %q", i, recs[i], want[i])
		}
	}
}

func TestNonFiniteIsEmpty(t *testing.T) {
	for _, x := range []float64{math.NaN(), math.Inf(1), math.Inf(-1)} {
		if !Number(x).isEmpty() || !Interval(x, 0, 1).isEmpty() {
			t.Errorf("%v should make an empty cell", x)
		}
	}
	if Interval(1, math.NaN(), 2).isEmpty() {
		t.Error("a missing bound keeps the estimate")
	}
}
