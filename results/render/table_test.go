package render

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"math"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/results"
)

func TestValidate(t *testing.T) {
	base := func() *results.Table {
		return &results.Table{ID: "T", Columns: []results.Column{
			{Key: "name", Kind: results.KindText},
			{Key: "d", Kind: results.KindPercentInterval, Decimals: 1},
		}}
	}
	tests := []struct {
		name string
		edit func(t *results.Table)
		want string // "" = valid
	}{
		{"ok", func(t *results.Table) { t.AddRow(results.Text("a"), results.Interval(0.1, 0, 0.2)) }, ""},
		{"empty cells fit anywhere", func(t *results.Table) { t.AddRow(results.Empty(), results.Empty()) }, ""},
		{"no columns", func(t *results.Table) { t.Columns = nil }, "table T: no columns"},
		{"empty key", func(t *results.Table) { t.Columns[0].Key = "" }, "table T: column 1: empty key"},
		{"duplicate key", func(t *results.Table) { t.Columns[1].Key = "name" }, `table T: column "name": field "name" is used twice`},
		{"derived field collides", func(t *results.Table) {
			t.Columns = append(t.Columns, results.Column{Key: "d_lo", Kind: results.KindNumber})
		}, `table T: column "d_lo": field "d_lo" is used twice`},
		{"fraction total collides", func(t *results.Table) {
			t.Columns = append(t.Columns, results.Column{Key: "name_total", Kind: results.KindCount}, results.Column{Key: "name", Kind: results.KindFraction})
			t.Columns[0].Key = "x"
		}, `table T: column "name": field "name_total" is used twice`},
		{"group field reserved when grouped", func(t *results.Table) {
			t.Columns[0].Key = "group"
			t.AddGroupRow("g", results.Text("a"), results.Empty())
		}, `table T: column "group": field "group" is used twice`},
		{"group key free when ungrouped", func(t *results.Table) { t.Columns[0].Key = "group" }, ""},
		{"decimals", func(t *results.Table) { t.Columns[1].Decimals = -1 }, `table T: column "d": decimals -1 outside [0, 15]`},
		{"kind", func(t *results.Table) { t.Columns[1].Kind = 99 }, `table T: column "d": unknown kind 99`},
		{"align", func(t *results.Table) { t.Columns[1].Align = 9 }, `table T: column "d": unknown alignment 9`},
		{"short row", func(t *results.Table) { t.AddRow(results.Text("a")) }, "table T: row 1: 1 cells for 2 columns"},
		{"wrong cell", func(t *results.Table) {
			t.AddRow(results.Text("a"), results.Empty())
			t.AddRow(results.Text("b"), results.Number(0.5))
		}, `table T: row 2, column "d": number cell in a percent_interval column`},
		{"text in a count column", func(t *results.Table) {
			t.Columns[1].Kind = results.KindCount
			t.AddRow(results.Text("a"), results.Text("7"))
		}, `table T: row 1, column "d": text cell in a count column`},
		{"no id", func(t *results.Table) { t.ID = ""; t.Columns = nil }, "table (no id): no columns"},
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
	var nilTable *results.Table
	if err := nilTable.Validate(); err == nil || err.Error() != "results: nil table" {
		t.Errorf("nil table: %v", err)
	}
}

// TestInvalidWritesNothing: RenderAll validates every table before writing a byte.
func TestInvalidWritesNothing(t *testing.T) {
	bad := &results.Table{ID: "bad", Columns: []results.Column{{Key: "a", Kind: results.KindCount}}}
	bad.AddRow(results.Number(1))
	for _, f := range Formats() {
		var b bytes.Buffer
		err := RenderAll(&b, []*results.Table{table4(), bad}, f)
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
	tab := &results.Table{ID: "h", Columns: []results.Column{
		{Key: "name", Kind: results.KindText},
		{Key: "p", Kind: results.KindPercent, Decimals: 1},
		{Key: "d", Kind: results.KindInterval, Decimals: 1},
		{Key: "f", Kind: results.KindFraction},
	}}
	tab.AddRow(results.Text("a"), results.Number(0.6341), results.Interval(2, 1, 3), results.Fraction(1, 2))
	tab.AddRow(results.Text("b"), results.Number(0.6339), results.Interval(-5, -6, -4), results.Fraction(0, 0))
	tab.AddRow(results.Text("c"), results.Number(0.5), results.Empty(), results.Fraction(3, 4))
	tab.AddRow(results.Text("d"), results.Empty(), results.Interval(2, 0, 9), results.Fraction(2, 3))
	for key, higher := range map[string]bool{"p": true, "d": true, "f": false} {
		if err := tab.HighlightBest(key, higher); err != nil {
			t.Fatal(err)
		}
	}
	bold := func(col int) string {
		var s string
		for _, r := range tab.Rows {
			if r.Cells[col].IsBold() {
				s += r.Cells[0].Str()
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
		if results.Number(x).Type() != results.CellEmpty || results.Interval(x, 0, 1).Type() != results.CellEmpty {
			t.Errorf("%v should make an empty cell", x)
		}
	}
	if results.Interval(1, math.NaN(), 2).Type() == results.CellEmpty {
		t.Error("a missing bound keeps the estimate")
	}
}
