package bootstrap

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestResampleClassesIsResampleSums: with the classes ResampleSums would find and a
// statistic that sums the columns of the rows it is given, ResampleClasses gives the same
// estimate, replicates, jackknife and intervals, bit for bit, whether the classes are few
// (the chain of binomials), moderate (units drawn, classes counted) or too many (nil: units
// drawn one by one); a class list not numbered by first appearance is an error.
func TestResampleClassesIsResampleSums(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	for _, values := range []int{4, 60, 1000} {
		n, cols := 300, 6
		columns := make([][]float64, cols)
		for j := range columns {
			columns[j] = make([]float64, n)
		}
		for u := range n {
			v := rng.IntN(values)
			for j := range cols {
				columns[j][u] = float64((v>>j)&1 + 1)
			}
			columns[0][u] += 0.1 * float64(v%7) // a non-integer column, whose order of sums shows
		}
		f := func(s, out []float64) { out[0], out[1] = s[0]/s[1], s[2]/(s[3]+s[1]+s[4]+s[5]) }
		st, err := NewSumStat(columns, 2, f)
		if err != nil {
			t.Fatal(err)
		}
		// Classes by first appearance of each unit's row.
		var class []int32
		ids := map[[6]float64]int32{}
		for u := range n {
			var row [6]float64
			for j := range cols {
				row[j] = columns[j][u]
			}
			c, ok := ids[row]
			if !ok {
				c = int32(len(ids))
				ids[row] = c
			}
			class = append(class, c)
		}
		if len(ids) > n/2 {
			class = nil
		}
		stat := func(rows []int32) Statistic {
			sums := make([]float64, cols)
			return func(w, out []float64) {
				clear(sums)
				for i, u := range rows {
					if w[i] != 0 {
						for j := range cols {
							sums[j] += float64(w[i] * columns[j][u])
						}
					}
				}
				f(sums, out)
			}
		}
		o := Options{Resamples: 300, Method: BCa, Workers: 2}
		want, err := ResampleSums(st, o)
		if err != nil {
			t.Fatal(err)
		}
		got, err := ResampleClasses(n, class, stat, 2, o)
		if err != nil {
			t.Fatal(err)
		}
		if (got.Classes > 0) != (values < 1000) || got.Classes != want.Classes || !slices.Equal(got.Estimate, want.Estimate) {
			t.Errorf("%d values: classes %d, estimate %v; want %d, %v", values, got.Classes, got.Estimate, want.Classes, want.Estimate)
		}
		for k := range 2 {
			if !slices.Equal(got.Replicates(k), want.Replicates(k)) || !slices.Equal(got.Jackknife(k), want.Jackknife(k)) ||
				fmt.Sprint(got.Intervals[k]) != fmt.Sprint(want.Intervals[k]) {
				t.Errorf("%d values, output %d: replicates, jackknife or interval differ (%v, want %v)", values, k, got.Intervals[k], want.Intervals[k])
			}
		}
	}
	if _, err := ResampleClasses(3, []int32{0, 2, 1}, func([]int32) Statistic { return func(_, _ []float64) {} }, 1, Options{}); err == nil {
		t.Error("classes 0, 2, 1 accepted")
	}
}
