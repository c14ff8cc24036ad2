package bootstrap

import (
	"math"
	"math/rand/v2"
	"testing"
)

// wideDomainColumns is a ratesCI-like statistic's columns: each of n cases counts towards one
// of cells (num, den) pairs, den at most 31 episodes.
func wideDomainColumns(n, cells int, seed uint64) [][]float64 {
	r := rand.New(rand.NewPCG(seed, 7))
	cols := make([][]float64, 2*cells)
	for j := range cols {
		cols[j] = make([]float64, n)
	}
	for u := range n {
		c := r.IntN(cells)
		den := float64(1 + r.IntN(31))
		cols[2*c][u] = math.Floor(den * r.Float64())
		cols[2*c+1][u] = den
	}
	return cols
}

// TestSparseSumsMatchDense: on wide sparse columns (with negative and fractional entries as
// well) the sparse sums equal weightedSums' bit for bit at count weights, and a dense wide
// statistic keeps the dense loop.
func TestSparseSumsMatchDense(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 11))
	cols := wideDomainColumns(400, 10, 1)
	for u := range 400 {
		if u%7 == 0 {
			cols[3][u] = -r.Float64() * 1e-3 // non-integer, negative entries too
		}
	}
	s, err := NewSumStat(cols, 1, func(s, out []float64) { out[0] = s[0] })
	if err != nil {
		t.Fatal(err)
	}
	if s.sparse == nil {
		t.Fatal("wide sparse columns: no sparse rows")
	}
	got, want := make([]float64, s.cols), make([]float64, s.cols)
	w := make([]float64, s.units)
	for trial := range 200 {
		for u := range w {
			w[u] = float64(r.IntN(4) * (trial % 3)) // all zero in a third of the trials
		}
		s.sparse.sums(got, w)
		weightedSums(want, s.x, s.cols, w)
		for j := range got {
			if math.Float64bits(got[j]) != math.Float64bits(want[j]) {
				t.Fatalf("trial %d, column %d: sparse %v, dense %v", trial, j, got[j], want[j])
			}
		}
	}
	dense := make([][]float64, 6)
	for j := range dense {
		dense[j] = []float64{1, 2, 3}
	}
	if ds, _ := NewSumStat(dense, 1, func(s, out []float64) {}); ds.sparse != nil {
		t.Error("dense columns: sparse rows built")
	}
}

// BenchmarkWideSumStat is a resample's sums of a 656-case statistic of 10 domain cells (20
// columns), as the report's per-domain rates (ratesCI), at count weights: packed integers
// (eval takes the sparse rows here, cheaper), the sparse rows, the dense floats.
func BenchmarkWideSumStat(b *testing.B) {
	s, err := NewSumStat(wideDomainColumns(656, 10, 2), 1, func(s, out []float64) { out[0] = s[0] })
	if err != nil {
		b.Fatal(err)
	}
	w := make([]float64, s.units)
	for u := range w {
		w[u] = float64(u % 3)
	}
	sums, acc, iw := make([]float64, s.cols), make([]uint64, s.cols), make([]uint64, s.units)
	packed := newPackedRows(s.x, s.units, s.cols, s.units)
	if packed == nil || s.sparse == nil {
		b.Fatal("the columns are not both packed and sparse")
	}
	b.Run("packed", func(b *testing.B) {
		for b.Loop() {
			packed.sums(sums, acc, iw, w)
		}
	})
	b.Run("sparse", func(b *testing.B) {
		for b.Loop() {
			s.sparse.sums(sums, w)
		}
	})
	b.Run("dense", func(b *testing.B) {
		for b.Loop() {
			weightedSums(sums, s.x, s.cols, w)
		}
	})
}
