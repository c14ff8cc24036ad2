package render

import (
	"bytes"
	"math"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/results"
)

// TestDataFormsPrintRanksAsIntegers: a rank with its set and a rank change (plain columns
// of no decimals) were written 2.0, 1.0, 5.0 in CSV and JSON beside the counts' 2, so that
// pandas read the rank columns as floats; they are whole numbers and read as such. A
// column with decimals keeps its float repr.
func TestDataFormsPrintRanksAsIntegers(t *testing.T) {
	tb := &results.Table{ID: "r", Title: "ranks", Columns: []results.Column{
		{Key: "rank", Header: "Rank [95% set]", Kind: results.KindInterval, Decimals: 0},
		{Key: "change", Header: "Rank change", Kind: results.KindNumber, Decimals: 0, Signed: true},
		{Key: "tau", Header: "τ", Kind: results.KindNumber, Decimals: 3}}}
	tb.AddRow(results.Interval(2, 1, 5), results.Number(-1), results.Number(1))
	tb.AddRow(results.Interval(3, math.NaN(), math.NaN()), results.Number(0), results.Number(0.5))
	var b bytes.Buffer
	if err := Render(&b, tb, FormatCSV); err != nil {
		t.Fatal(err)
	}
	if want := "rank,rank_lo,rank_hi,change,tau\n2,1,5,-1,1.0\n3,,,0,0.5\n"; b.String() != want {
		t.Errorf("CSV:\n%s\nwant\n%s", b.String(), want)
	}
	b.Reset()
	if err := Render(&b, tb, FormatJSON); err != nil {
		t.Fatal(err)
	}
	if want := `{"rank": 2, "rank_lo": 1, "rank_hi": 5, "change": -1, "tau": 1.0}`; !strings.Contains(b.String(), want) {
		t.Errorf("JSON:\n%s\nwant a row %s", b.String(), want)
	}
}
