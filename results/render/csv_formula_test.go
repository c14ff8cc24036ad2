package render

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"slices"
	"testing"

	"github.com/sabench/sabench-stats/results"
)

// TestCSVFormulaCells: a text field a spreadsheet would run as a formula (=, +, -, @, a
// tab, a carriage return) is written with a leading apostrophe, as is one that begins
// with an apostrophe, in the header, the group and the cells; numbers are untouched and
// the JSON form keeps the names as they are. "=SUM(1+1)/Inspect" was written as is, and
// a spreadsheet opening T2.csv ran it.
func TestCSVFormulaCells(t *testing.T) {
	tab := &results.Table{ID: "x", Title: "Formulas", Columns: []results.Column{
		{Key: "config", Header: "Config", Kind: results.KindText},
		{Key: "-d", Header: "Δ", Kind: results.KindNumber, Decimals: 1},
	}}
	names := []string{"=SUM(1+1)/Inspect", "+cmd/h", "-neg/h", "@at/h", "\tt/h", "'q/h", "plain/h", "a=b/h"}
	for i, n := range names {
		tab.Rows = append(tab.Rows, results.Row{Group: "=G", Cells: []results.Cell{results.Text(n), results.Number(-1.5 * float64(i))}})
	}
	var b bytes.Buffer
	if err := Render(&b, tab, FormatCSV); err != nil {
		t.Fatal(err)
	}
	recs, err := csv.NewReader(&b).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"group", "config", "'-d"}; !slices.Equal(recs[0], want) {
		t.Errorf("header %q, want %q", recs[0], want)
	}
	want := []string{"'=SUM(1+1)/Inspect", "'+cmd/h", "'-neg/h", "'@at/h", "'\tt/h", "''q/h", "plain/h", "a=b/h"}
	for i, r := range recs[1:] {
		if r[0] != "'=G" || r[1] != want[i] {
			t.Errorf("row %d: %q, want group '=G and %q", i+1, r, want[i])
		}
		if i > 0 && r[2][0] != '-' {
			t.Errorf("row %d: number %q changed", i+1, r[2])
		}
	}
	b.Reset()
	if err := Render(&b, tab, FormatJSON); err != nil {
		t.Fatal(err)
	}
	var js struct{ Rows []map[string]any }
	if err := json.Unmarshal(b.Bytes(), &js); err != nil {
		t.Fatal(err)
	}
	for i, r := range js.Rows {
		if r["config"] != names[i] || r["group"] != "=G" {
			t.Errorf("JSON row %d: %v", i+1, r)
		}
	}
}
