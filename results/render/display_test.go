package render

import (
	"math"
	"testing"

	"github.com/sabench/sabench-stats/results"
)

// TestShow covers each cell type in each display flavor.
func TestShow(t *testing.T) {
	pct := results.Column{Key: "x", Kind: results.KindPercent, Decimals: 1}
	sint := results.Column{Key: "d", Kind: results.KindPercentInterval, Decimals: 1, Signed: true}
	num := results.Column{Key: "n", Kind: results.KindInterval, Decimals: 2}
	frac := results.Column{Key: "f", Kind: results.KindFraction}
	txt := results.Column{Key: "t", Kind: results.KindText}
	tests := []struct {
		fl   *flavor
		c    results.Cell
		col  results.Column
		want string
	}{
		{&textFlavor, results.Number(0.634), pct, "63.4"},
		{&textFlavor, results.Number(0.634).Bold(), pct, "63.4"},
		{&mdFlavor, results.Number(0.634).Bold(), pct, "**63.4**"},
		{&textFlavor, results.Interval(0.634, 0.598, 0.669), results.Column{Key: "e", Kind: results.KindPercentInterval, Decimals: 1}, "63.4 [59.8, 66.9]"},
		{&textFlavor, results.Interval(0.044, 0.011, 0.079), sint, "+4.4 [+1.1, +7.9]"},
		{&textFlavor, results.Interval(0.047, 0, 0.095), sint, "+4.7 [0.0, +9.5]"},
		{&textFlavor, results.Interval(0.87, math.NaN(), math.Inf(1)), num, "0.87 [—, —]"},
		{&textFlavor, results.Interval(math.NaN(), 0, 1), num, "—"},
		{&textFlavor, results.Number(math.Inf(-1)), pct, "—"},
		{&textFlavor, results.Fraction(23, 43), frac, "23/43"},
		{&textFlavor, results.Empty(), frac, "—"},
		{&mdFlavor, results.Empty().Bold(), frac, "—"}, // an empty cell is never bold
		{&textFlavor, results.Text("a\r\nb\tc\x1b[31md\u0085"), txt, `a\r\nb\tc\x1b[31md\u0085`},
		{&textFlavor, results.Text("bad \xff utf8"), txt, `bad \xff utf8`},
	}
	for i, tc := range tests {
		if got := tc.fl.show(tc.c, tc.col); got != tc.want {
			t.Errorf("%d: show = %q, want %q", i, got, tc.want)
		}
	}
}

// TestPValue: below 0.001 a p-value reads "<0.001" (never "0.0000"), else at least three
// decimals; CSV and JSON keep the full value.
func TestPValue(t *testing.T) {
	p4 := results.Column{Key: "p", Kind: results.KindPValue, Decimals: 4}
	p0 := results.Column{Key: "p", Kind: results.KindPValue}
	tests := []struct {
		fl   *flavor
		c    results.Cell
		col  results.Column
		want string
	}{
		{&textFlavor, results.PValue(0.00004), p4, "<0.001"},
		{&textFlavor, results.PValue(0), p4, "<0.001"},
		{&mdFlavor, results.PValue(0.0009999), p4, "<0.001"},
		{&textFlavor, results.PValue(0.001), p4, "0.0010"},
		{&textFlavor, results.PValue(0.0123456), p4, "0.0123"},
		{&textFlavor, results.PValue(0.004), p0, "0.004"}, // Decimals 0 still prints three
		{&textFlavor, results.PValue(1), p0, "1.000"},
		{&mdFlavor, results.PValue(0.5).Bold(), p0, "**0.500**"},
		{&textFlavor, results.PValue(math.NaN()), p0, "—"},
	}
	for i, tc := range tests {
		if got := tc.fl.show(tc.c, tc.col); got != tc.want {
			t.Errorf("%d: show = %q, want %q", i, got, tc.want)
		}
	}
	if got := dataValues(results.PValue(0.00004), p4); got[0] != "4e-05" {
		t.Errorf("CSV/JSON value %q, want full precision 4e-05", got[0])
	}
	if v, ok := results.PValue(0.03).Value(); !ok || v != 0.03 {
		t.Errorf("Value = %v, %v", v, ok)
	}
	for _, bad := range []float64{-0.1, 1.5} {
		tb := &results.Table{ID: "p", Columns: []results.Column{p0}}
		tb.AddRow(results.PValue(bad))
		if err := tb.Validate(); err == nil {
			t.Errorf("p = %v accepted", bad)
		}
	}
	tb := &results.Table{ID: "p", Columns: []results.Column{{Key: "x", Kind: results.KindNumber}}}
	tb.AddRow(results.PValue(0.5))
	if err := tb.Validate(); err == nil {
		t.Error("a p-value cell in a number column accepted")
	}
}
