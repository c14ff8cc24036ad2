package analysis

import (
	"errors"
	"slices"
	"testing"
)

func TestParseRate(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want float64
		ok   bool
	}{
		{"0.62", 0.62, true}, {"62%", 0.62, true}, {"0", 0, true}, {"100%", 1, true},
		{"1.5", 0, false}, {"150%", 0, false}, {"-0.1", 0, false}, {"sixty", 0, false}, {"NaN", 0, false},
	} {
		got, ok := ParseRate(tc.in)
		if ok != tc.ok || got != tc.want {
			t.Errorf("ParseRate(%q) = %v, %v; want %v, %v", tc.in, got, ok, tc.want, tc.ok)
		}
	}
}

func TestPowerSpecRanges(t *testing.T) {
	ok := PowerSpec{Alpha: 0.05, Power: 0.8}
	if err := ok.SetDeltaPoints(2); err != nil || ok.Delta != 0.02 {
		t.Errorf("Δ 2 points: %v, Delta %v", err, ok.Delta)
	}
	if err := ok.CheckRanges(); err != nil {
		t.Errorf("defaults refused: %v", err)
	}
	var re *PowerRangeError
	if err := ok.SetDeltaPoints(100); !errors.As(err, &re) || !slices.Equal(re.Options, []string{"Delta"}) || re.Want != "100 points not in [0, 100)" {
		t.Errorf("Δ 100 points: %v", err)
	}
	for _, tc := range []struct {
		s    PowerSpec
		want []string
	}{
		{PowerSpec{Alpha: 0, Power: 0.8}, []string{"Alpha", "Power"}},
		{PowerSpec{Alpha: 0.05, Power: 1}, []string{"Alpha", "Power"}},
		{PowerSpec{Alpha: 0.05, Power: 0.8, Simulate: -1}, []string{"Cases", "Repeats", "Templates", "Simulate"}},
	} {
		if err := tc.s.CheckRanges(); !errors.As(err, &re) || !slices.Equal(re.Options, tc.want) {
			t.Errorf("%+v: %v, want options %v", tc.s, err, tc.want)
		}
	}
}
