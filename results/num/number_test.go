package num

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
		if got := Fixed(tc.x, tc.percent, tc.dec, tc.signed, tc.minus); got != tc.want {
			t.Errorf("Fixed(%v, %v, %d, %v, %q) = %q, want %q", tc.x, tc.percent, tc.dec, tc.signed, tc.minus, got, tc.want)
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
		if got := Integer(tc.n, tc.signed, tc.minus); got != tc.want {
			t.Errorf("Integer(%d, %v, %q) = %q, want %q", tc.n, tc.signed, tc.minus, got, tc.want)
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
		if got := Data(tc.x, tc.percent); got != tc.want {
			t.Errorf("Data(%v, %v) = %q, want %q", tc.x, tc.percent, got, tc.want)
		}
	}
}
