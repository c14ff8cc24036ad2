package results

import (
	"math"
	"testing"
)

func TestFixed(t *testing.T) {
	tests := []struct {
		x       float64
		percent bool
		dec     int
		signed  bool
		minus   string
		want    string
	}{
		{0.634, true, 1, false, "-", "63.4"},
		{0.044, true, 1, true, "-", "+4.4"},
		{-0.068, true, 1, true, "-", "-6.8"},
		{-0.112, true, 1, true, "$-$", "$-$11.2"},
		{0, true, 1, true, "-", "0.0"},         // zero never gets a sign
		{-0.0004, true, 1, true, "-", "0.0"},   // rounds to zero: no "-0.0" (the paper prints "0.0")
		{0.0004, true, 1, true, "-", "0.0"},    // rounds to zero: no "+0.0"
		{-0.004, false, 2, false, "-", "0.00"}, // the same for plain numbers
		{1, true, 1, false, "-", "100.0"},
		{0.5, false, 0, false, "-", "0"}, // FormatFloat rounds half to even
		{1.5, false, 0, false, "-", "2"},
		{2.345, false, 2, false, "-", "2.35"}, // 2.345 is 2.34500000000000019984 in binary
		{10, false, 0, true, "-", "+10"},
		{-1e-9, false, 3, false, "-", "0.000"},
		{1e308, true, 1, false, "-", ""}, // +Inf once scaled to points
	}
	for _, tc := range tests {
		if got := fixed(tc.x, tc.percent, tc.dec, tc.signed, tc.minus); got != tc.want {
			t.Errorf("fixed(%v, %v, %d, %v, %q) = %q, want %q", tc.x, tc.percent, tc.dec, tc.signed, tc.minus, got, tc.want)
		}
	}
}

func TestInteger(t *testing.T) {
	tests := []struct {
		n      int64
		signed bool
		minus  string
		want   string
	}{
		{0, true, "-", "0"},
		{7, true, "-", "+7"},
		{7, false, "-", "7"},
		{-7, true, "$-$", "$-$7"},
		{math.MinInt64, false, "-", "-9223372036854775808"},
	}
	for _, tc := range tests {
		if got := integer(tc.n, tc.signed, tc.minus); got != tc.want {
			t.Errorf("integer(%d, %v, %q) = %q, want %q", tc.n, tc.signed, tc.minus, got, tc.want)
		}
	}
}

// TestDataNumber checks the CSV/JSON numbers: Python's float repr, scaled to points
// without the last-bit residue of the multiplication.
func TestDataNumber(t *testing.T) {
	tests := []struct {
		x       float64
		percent bool
		want    string
	}{
		{0.672, true, "67.2"}, // 0.672*100 is 67.2 only after removing the residue
		{0.07, true, "7.0"},   // 0.07*100 = 7.000000000000001 in float64
		{0.29, true, "29.0"},  // 0.29*100 = 28.999999999999996
		{1.0 / 3, true, "33.3333333333333"},
		{1.0 / 3, false, "0.3333333333333333"},
		{math.Copysign(0, -1), false, "0.0"}, // negative zero: no "-0.0" in data
		{math.Copysign(0, -1), true, "0.0"},
		{1e-5, false, "1e-05"},
		{1e16, false, "1e+16"},
		{250, false, "250.0"},
		{1e308, true, ""}, // +Inf in points
		{1e308, false, "1e+308"},
	}
	for _, tc := range tests {
		if got := dataNumber(tc.x, tc.percent); got != tc.want {
			t.Errorf("dataNumber(%v, %v) = %q, want %q", tc.x, tc.percent, got, tc.want)
		}
	}
}

// TestShow covers each cell type in each display flavor.
func TestShow(t *testing.T) {
	pct := Column{Key: "x", Kind: KindPercent, Decimals: 1}
	sint := Column{Key: "d", Kind: KindPercentInterval, Decimals: 1, Signed: true}
	num := Column{Key: "n", Kind: KindInterval, Decimals: 2}
	frac := Column{Key: "f", Kind: KindFraction}
	txt := Column{Key: "t", Kind: KindText}
	tests := []struct {
		fl   *flavor
		c    Cell
		col  Column
		want string
	}{
		{&textFlavor, Number(0.634), pct, "63.4"},
		{&textFlavor, Number(0.634).Bold(), pct, "63.4"},
		{&mdFlavor, Number(0.634).Bold(), pct, "**63.4**"},
		{&textFlavor, Interval(0.634, 0.598, 0.669), Column{Key: "e", Kind: KindPercentInterval, Decimals: 1}, "63.4 [59.8, 66.9]"},
		{&textFlavor, Interval(0.044, 0.011, 0.079), sint, "+4.4 [+1.1, +7.9]"},
		{&textFlavor, Interval(0.047, 0, 0.095), sint, "+4.7 [0.0, +9.5]"},
		{&textFlavor, Interval(0.87, math.NaN(), math.Inf(1)), num, "0.87 [—, —]"},
		{&textFlavor, Interval(math.NaN(), 0, 1), num, "—"},
		{&textFlavor, Number(math.Inf(-1)), pct, "—"},
		{&textFlavor, Fraction(23, 43), frac, "23/43"},
		{&textFlavor, Empty(), frac, "—"},
		{&mdFlavor, Empty().Bold(), frac, "—"}, // an empty cell is never bold
		{&textFlavor, Text("a\r\nb\tc\x1b[31md"), txt, "a b c\uFFFD[31md"},
		{&textFlavor, Text("bad \xff utf8"), txt, "bad \uFFFD utf8"},
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
	p4 := Column{Key: "p", Kind: KindPValue, Decimals: 4}
	p0 := Column{Key: "p", Kind: KindPValue}
	tests := []struct {
		fl   *flavor
		c    Cell
		col  Column
		want string
	}{
		{&textFlavor, PValue(0.00004), p4, "<0.001"},
		{&textFlavor, PValue(0), p4, "<0.001"},
		{&mdFlavor, PValue(0.0009999), p4, "<0.001"},
		{&textFlavor, PValue(0.001), p4, "0.0010"},
		{&textFlavor, PValue(0.0123456), p4, "0.0123"},
		{&textFlavor, PValue(0.004), p0, "0.004"}, // Decimals 0 still prints three
		{&textFlavor, PValue(1), p0, "1.000"},
		{&mdFlavor, PValue(0.5).Bold(), p0, "**0.500**"},
		{&textFlavor, PValue(math.NaN()), p0, "—"},
	}
	for i, tc := range tests {
		if got := tc.fl.show(tc.c, tc.col); got != tc.want {
			t.Errorf("%d: show = %q, want %q", i, got, tc.want)
		}
	}
	if got := dataValues(PValue(0.00004), p4); got[0] != "4e-05" {
		t.Errorf("CSV/JSON value %q, want full precision 4e-05", got[0])
	}
	if v, ok := PValue(0.03).Value(); !ok || v != 0.03 {
		t.Errorf("Value = %v, %v", v, ok)
	}
	for _, bad := range []float64{-0.1, 1.5} {
		tb := &Table{ID: "p", Columns: []Column{p0}}
		tb.AddRow(PValue(bad))
		if err := tb.Validate(); err == nil {
			t.Errorf("p = %v accepted", bad)
		}
	}
	tb := &Table{ID: "p", Columns: []Column{{Key: "x", Kind: KindNumber}}}
	tb.AddRow(PValue(0.5))
	if err := tb.Validate(); err == nil {
		t.Error("a p-value cell in a number column accepted")
	}
}
