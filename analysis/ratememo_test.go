package analysis

import (
	"fmt"
	"testing"

	"github.com/sabench/sabench-stats/bootstrap"
)

// TestRateKey: the memo key changes with every input of a ratesCI resample (a column value,
// a column's length, the macros, the stream and each option that reaches the bootstrap) and
// not with the worker count, which never changes an interval.
func TestRateKey(t *testing.T) {
	cols := func() [][]float64 { return [][]float64{{1, 0, 2}, {3, 3, 3}} }
	base := DefaultStatOptions()
	k0 := rateKey(cols(), [][]int{{0}}, "s", base)
	o := base
	o.Workers = 7
	if rateKey(cols(), [][]int{{0}}, "s", o) != k0 {
		t.Error("the worker count changes the key")
	}
	c := cols()
	c[0][2] = 1
	short := [][]float64{{1, 0}, {2, 3, 3, 3}} // the same values, split differently
	for name, k := range map[string][32]byte{
		"value":  rateKey(c, [][]int{{0}}, "s", base),
		"split":  rateKey(short, [][]int{{0}}, "s", base),
		"macros": rateKey(cols(), nil, "s", base),
		"stream": rateKey(cols(), [][]int{{0}}, "t", base),
		"seed":   rateKey(cols(), [][]int{{0}}, "s", func() StatOptions { o := base; o.Seed++; return o }()),
		"level":  rateKey(cols(), [][]int{{0}}, "s", func() StatOptions { o := base; o.Level = 0.9; return o }()),
		"method": rateKey(cols(), [][]int{{0}}, "s", func() StatOptions { o := base; o.Method = bootstrap.BCa; return o }()),
		"B":      rateKey(cols(), [][]int{{0}}, "s", func() StatOptions { o := base; o.Resamples++; return o }()),
		"quant":  rateKey(cols(), [][]int{{0}}, "s", func() StatOptions { o := base; o.Quantile = bootstrap.QuantileR; return o }()),
	} {
		if k == k0 {
			t.Errorf("%s: same key", name)
		}
	}
}

// TestRateMemo: a repeated ratesCI is answered from the memo with the intervals a fresh
// resample gives, a caller changing its warnings does not change the memo, and the memo
// stays within rateMemoMax entries.
func TestRateMemo(t *testing.T) {
	if testing.Short() {
		t.Skip("scores the built-in release")
	}
	r := builtinRelease(t)
	o := DefaultStatOptions()
	o.Resamples = 500
	resetRateMemo() // start from an empty memo…
	_, _, fresh, err := r.DomainIntervals(DomainFilter{}, o)
	if err != nil {
		t.Fatal(err)
	}
	n := rateMemoLen()
	if n == 0 {
		t.Fatal("nothing memoised")
	}
	for _, row := range fresh {
		for i := range row {
			if len(row[i].Warnings) > 0 {
				row[i].Warnings[0].Detail = "caller's"
			}
		}
	}
	_, _, again, err := r.DomainIntervals(DomainFilter{}, o)
	if err != nil {
		t.Fatal(err)
	}
	if rateMemoLen() != n {
		t.Errorf("memo grew from %d to %d entries on a repeat", n, rateMemoLen())
	}
	resetRateMemo() // …and a fresh resample of everything
	_, _, want, err := r.DomainIntervals(DomainFilter{}, o)
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprintf("%#v", again) != fmt.Sprintf("%#v", want) { // NaN endpoints print equal
		t.Error("memoised intervals differ from a fresh resample's")
	}
	for i := range rateMemoMax + 1 {
		rateMemo.store([32]byte{byte(i), byte(i >> 8), 1}, nil)
	}
	if rateMemoLen() > rateMemoMax {
		t.Errorf("memo holds %d entries, bound %d", rateMemoLen(), rateMemoMax)
	}
}

// resetRateMemo empties the memo, for a test that must compute an interval again.
func resetRateMemo() {
	rateMemo.mu.Lock()
	defer rateMemo.mu.Unlock()
	rateMemo.m = nil
}

func rateMemoLen() int {
	rateMemo.mu.Lock()
	defer rateMemo.mu.Unlock()
	return len(rateMemo.m)
}
