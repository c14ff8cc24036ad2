package bootstrap

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestPercentileSelectedIsSorted: the percentile interval found by selection is the one
// from the sorted replicates, bit for bit with its warnings, on replicates with many ties,
// both zeros, non-finite values, degenerate and near-degenerate sets, at several levels.
func TestPercentileSelectedIsSorted(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	levels := []float64{0.5, 0.9, 0.95, 0.99, 0.999}
	degenerate, warned := 0, 0
	for trial := range 300 {
		n := radixMin + r.IntN(6000)
		reps := make([]float64, n)
		distinct := 1 + r.IntN(3000)
		for i := range reps {
			switch trial % 5 {
			case 0: // rates k/m, many ties
				reps[i] = float64(r.IntN(distinct)) / 656
			case 1: // differences around zero, with −0
				reps[i] = float64(r.IntN(distinct)-distinct/2) / 97
				if reps[i] == 0 && r.IntN(2) == 0 {
					reps[i] = math.Copysign(0, -1)
				}
			case 2: // continuous
				reps[i] = r.NormFloat64() * 1e3
			case 3: // all equal but for rounding
				reps[i] = 2.0/3 + float64(r.IntN(3))*1e-16
			default: // a few distinct values, some non-finite
				reps[i] = float64(r.IntN(4))
				if r.IntN(50) == 0 {
					reps[i] = []float64{math.NaN(), math.Inf(1), math.Inf(-1)}[r.IntN(3)]
				}
			}
		}
		level := levels[trial%len(levels)]
		if trial%5 == 3 {
			degenerate++
		}
		got, ok := percentileSelected(reps, level, QuantileScipy)
		want, err := percentileSorted(reps, level, QuantileScipy)
		if !ok || err != nil {
			t.Fatalf("trial %d (n %d): selected %v, sorted error %v", trial, n, ok, err)
		}
		// Every field (%#v prints the NaNs alike), and the endpoints' bits.
		if fmt.Sprintf("%#v", got) != fmt.Sprintf("%#v", want) || !sameBits(got.Lo, want.Lo) || !sameBits(got.Hi, want.Hi) {
			t.Fatalf("trial %d (n %d, level %g): selected %+v, sorted %+v", trial, n, level, got, want)
		}
		if len(got.Warnings) > 0 {
			warned++
		}
	}
	if warned < degenerate || degenerate == 0 {
		t.Errorf("%d intervals with warnings, %d degenerate sets: the cases do not cover the warnings", warned, degenerate)
	}
	if _, ok := percentileSelected(make([]float64, radixMin-1), 0.95, QuantileScipy); ok {
		t.Error("selection used below radixMin")
	}
	if _, ok := percentileSelected(make([]float64, radixMin), 0.95, QuantileR); ok {
		t.Error("selection used for R's quantiles")
	}
}

func sameBits(a, b float64) bool { return math.Float64bits(a) == math.Float64bits(b) }

// BenchmarkPercentileInterval: 5,000 replicates of a rate over 656 cases.
func BenchmarkPercentileInterval(b *testing.B) {
	r := rand.New(rand.NewPCG(3, 4))
	reps := make([]float64, 5000)
	for i := range reps {
		reps[i] = float64(300+r.IntN(100)) / 656
	}
	for _, c := range []struct {
		name string
		f    func([]float64, float64, QuantileMode) (Interval, error)
	}{{"select", PercentileInterval}, {"sort", percentileSorted}} {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				if _, err := c.f(reps, 0.95, QuantileScipy); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestTailsAreOrderStatistics: the thresholded tails give the order statistics a sort gives,
// at both tails' positions over many sizes and levels, on keys with ties, and decline (ok
// false) when the keys are too few or too often equal for a short copy.
func TestTailsAreOrderStatistics(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 8))
	var sc radixScratch
	found, declined := 0, 0
	for trial := range 400 {
		n := 64 + r.IntN(6000)
		distinct := 1 + r.IntN(5000)
		keys := make([]uint64, n)
		for i := range keys {
			keys[i] = uint64(r.IntN(distinct)) * 0x9e3779b97f4a7c15 >> 7
		}
		sorted := slices.Clone(keys)
		slices.Sort(sorted)
		a := []float64{0.0005, 0.005, 0.025, 0.05, 0.2}[trial%5]
		iLo, _ := linearPos(n, a)
		iHi, _ := linearPos(n, 1-a)
		in := slices.Clone(keys)
		lo0, lo1, hi0, hi1, ok := sc.tails(in, iLo, iHi)
		if !slices.Equal(in, keys) {
			t.Fatalf("trial %d: tails reordered its input", trial)
		}
		if !ok {
			declined++
			continue
		}
		found++
		if lo0 != sorted[iLo] || lo1 != sorted[iLo+1] || hi0 != sorted[iHi] || hi1 != sorted[iHi+1] {
			t.Fatalf("trial %d (n %d, positions %d and %d): %d %d %d %d, sorted %d %d %d %d", trial, n, iLo, iHi,
				lo0, lo1, hi0, hi1, sorted[iLo], sorted[iLo+1], sorted[iHi], sorted[iHi+1])
		}
	}
	if found < 250 || declined == 0 {
		t.Errorf("thresholds found the tails in %d trials and declined %d: the cases do not cover both", found, declined)
	}
	if _, _, _, _, ok := sc.tails(make([]uint64, 5000), 124, 4874); ok {
		t.Error("tails took a copy of every key (all equal)")
	}
}
