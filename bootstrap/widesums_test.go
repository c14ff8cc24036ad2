package bootstrap

import (
	"math"
	"math/rand/v2"
	"testing"
)

// refWeightedSums is weightedSums written plainly, in its order of summation: widths 2 and 4
// add the even and the odd units into separate sums and then the two; every other width adds
// each column's non-zero-weight products in unit order.
func refWeightedSums(s, x []float64, cols int, w []float64) {
	for j := range cols {
		if cols == 2 || cols == 4 {
			var even, odd float64
			for u, wu := range w {
				if u%2 == 0 {
					even += float64(wu * x[u*cols+j])
				} else {
					odd += float64(wu * x[u*cols+j])
				}
			}
			s[j] = even + odd
			continue
		}
		t := 0.0
		for u, wu := range w {
			if wu != 0 {
				t += float64(wu * x[u*cols+j])
			}
		}
		s[j] = t
	}
}

// orderValue is an entry whose sums round differently in another order: mixed signs,
// fractions and magnitudes far apart.
func orderValue(r *rand.Rand) float64 {
	switch r.IntN(6) {
	case 0:
		return 0
	case 1:
		return float64(r.IntN(32))
	case 2:
		return -r.Float64() * 1e-3
	case 3:
		return (r.Float64() - 0.5) * 1e16
	case 4:
		return math.Ldexp(r.Float64(), r.IntN(80)-40)
	}
	return r.NormFloat64()
}

// TestWeightedSumsOrder: weightedSums equals the plain loop bit for bit at every width from 1
// to 33 and unit counts from 0 up, at count weights (zeros included) and fractional ones.
// The data is such that a reversed order of summation changes some sum, so the comparison
// would catch a change of order.
func TestWeightedSumsOrder(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 9))
	units := []int{0, 1, 2, 3, 7, 64, 127, 128, 129, 255, 256, 257, 513, 656, 1001}
	reversedDiffers := false
	for cols := 1; cols <= 33; cols++ {
		for _, n := range units {
			x := make([]float64, n*cols)
			for i := range x {
				x[i] = orderValue(r)
			}
			w := make([]float64, n)
			got, want := make([]float64, cols), make([]float64, cols)
			for trial := range 4 {
				for u := range w {
					switch {
					case trial == 3:
						w[u] = 1 // the observed data: no zero weight
					case trial == 2 && r.IntN(3) > 0:
						w[u] = r.Float64() * 3
					default:
						w[u] = float64(r.IntN(3) * r.IntN(3)) // zero in more than half
					}
				}
				for j := range got {
					got[j] = math.NaN() // every sum must be written
				}
				weightedSums(got, x, cols, w)
				refWeightedSums(want, x, cols, w)
				for j := range got {
					if math.Float64bits(got[j]) != math.Float64bits(want[j]) {
						t.Fatalf("cols %d, units %d, trial %d, column %d: %v, want %v", cols, n, trial, j, got[j], want[j])
					}
				}
				for j := range cols {
					back := 0.0
					for u := n - 1; u >= 0; u-- {
						back += float64(w[u] * x[u*cols+j])
					}
					reversedDiffers = reversedDiffers || math.Float64bits(back) != math.Float64bits(want[j])
				}
			}
		}
	}
	if !reversedDiffers {
		t.Error("no sum depends on the order of summation: the test cannot catch a change of order")
	}
}

// wideDenseColumns is a dense ratesCI-like statistic: per unit, a (successes, episodes) pair
// for each of cells configurations, episodes 1 to 3.
func wideDenseColumns(n, cells int, seed uint64) [][]float64 {
	r := rand.New(rand.NewPCG(seed, 3))
	cols := make([][]float64, 2*cells)
	for j := range cols {
		cols[j] = make([]float64, n)
	}
	for u := range n {
		for c := range cells {
			den := 1 + r.IntN(3)
			cols[2*c][u], cols[2*c+1][u] = float64(r.IntN(den+1)), float64(den)
		}
	}
	return cols
}

// BenchmarkWeightedSumsWide is one resample of the report's dense wide statistics (Resample's
// fallback in ResampleSums): 656 units, 10 ratios (20 columns), at multinomial count weights.
func BenchmarkWeightedSumsWide(b *testing.B) {
	const n, draws = 656, 16
	s, err := NewSumStat(wideDenseColumns(n, 10, 4), 10, func(s, out []float64) {})
	if err != nil {
		b.Fatal(err)
	}
	if s.sparse != nil {
		b.Fatal("dense columns: sparse rows built")
	}
	identity := make([]int32, n)
	for u := range identity {
		identity[u] = int32(u)
	}
	d := newBatchDrawer(n)
	ws := make([][]float64, draws)
	for i := range ws {
		ws[i] = make([]float64, n)
		d.count(uint64(i)*0x9e37, n, identity, ws[i])
	}
	stat, out := s.Statistic(), make([]float64, 10)
	i := 0
	cpu0 := processCPU()
	for b.Loop() {
		stat(ws[i%draws], out)
		i++
	}
	b.ReportMetric(float64(processCPU()-cpu0)/float64(b.N), "cpu-ns/op")
}
