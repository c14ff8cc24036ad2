package bootstrap

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestPackedSumsMatchFloats: packed integer sums equal weightedSums' floating-point sums bit
// for bit at resample counts, class counts and the jackknife's weights, for the report's
// leaderboard shape (dense, 3 repeats) and for larger values, lane widths that leave a
// column alone in its word, and one to five words; weights that are not counts, or sum past
// the bound, are refused.
func TestPackedSumsMatchFloats(t *testing.T) {
	r := rand.New(rand.NewPCG(4, 4))
	tested := 0
	for trial := range 60 {
		units := 20 + r.IntN(700)
		cols := packMinCols + r.IntN(24)
		top := []int{3, 31, 1000, 1 << 20}[trial%4]
		x := make([]float64, units*cols)
		for i := range x {
			x[i] = float64(r.IntN(top + 1))
		}
		p := newPackedRows(x, units, cols, units)
		if p == nil {
			continue // too wide to gain (1 << 20 with few columns)
		}
		tested++
		sums, want, acc, iw := make([]float64, cols), make([]float64, cols), make([]uint64, cols), make([]uint64, units)
		w := make([]float64, units)
		for k := range 20 {
			clear(w)
			switch k % 3 {
			case 0: // a resample
				for range units {
					w[r.IntN(units)]++
				}
			case 1: // all ones but one left out
				for u := range w {
					w[u] = 1
				}
				w[r.IntN(units)] = 0
			default: // all on one unit
				w[r.IntN(units)] = float64(units)
			}
			if !p.sums(sums, acc, iw, w) {
				t.Fatalf("trial %d: counts refused", trial)
			}
			weightedSums(want, x, cols, w)
			for j := range cols {
				if math.Float64bits(sums[j]) != math.Float64bits(want[j]) {
					t.Fatalf("trial %d (%d units, %d columns, values to %d, %d words), column %d: %v, floats %v", trial, units, cols, top, p.words, j, sums[j], want[j])
				}
			}
		}
		w[0] += 0.5
		if p.sums(sums, acc, iw, w) {
			t.Errorf("trial %d: a fractional weight accepted", trial)
		}
		w[0] = float64(units + 1)
		if p.sums(sums, acc, iw, w) {
			t.Errorf("trial %d: weights summing past the units accepted", trial)
		}
		w[0] = -1
		if p.sums(sums, acc, iw, w) {
			t.Errorf("trial %d: a negative weight accepted", trial)
		}
	}
	if tested < 40 {
		t.Errorf("%d of 60 trials packed", tested)
	}
	for _, bad := range []float64{-1, 0.5, math.Inf(1)} {
		x := make([]float64, 10*packMinCols)
		x[3] = bad
		if newPackedRows(x, 10, packMinCols, 10) != nil {
			t.Errorf("value %v packed", bad)
		}
	}
}

// TestSumStatPacksLeaderboards: the rank sets' statistic (ten ECS ratios on 656 cases of
// three repeats) evaluates by packed integers, the per-domain cells (sparse, two of twenty
// columns per case) by sparse rows, and both give the floating-point sums' outputs.
func TestSumStatPacksLeaderboards(t *testing.T) {
	base, _ := leaderboards656()
	s, err := SumRatios(base...)
	if err != nil {
		t.Fatal(err)
	}
	if s.packed == nil || s.sparse != nil {
		t.Fatalf("leaderboard: packed %v, sparse %v", s.packed != nil, s.sparse != nil)
	}
	d, err := NewSumStat(wideDomainColumns(656, 10, 2), 1, func(s, out []float64) { out[0] = s[0] })
	if err != nil {
		t.Fatal(err)
	}
	if d.packed != nil || d.sparse == nil {
		t.Fatalf("domains: packed %v, sparse %v", d.packed != nil, d.sparse != nil)
	}
	w := make([]float64, 656)
	for i := range 656 {
		w[(i*7+3)%656]++
	}
	got, want := make([]float64, len(base)), make([]float64, len(base))
	s.Statistic()(w, got)
	sums := make([]float64, s.cols)
	weightedSums(sums, s.x, s.cols, w)
	ratioOuts(sums, want)
	for j := range got {
		if math.Float64bits(got[j]) != math.Float64bits(want[j]) {
			t.Errorf("ratio %d: %v, floats %v", j, got[j], want[j])
		}
	}
}

// BenchmarkLeaderboardSums is a resample's sums of the rank sets' statistic (ten ECS ratios,
// 656 cases of three repeats, 20 columns): packed integers (what eval takes) against the
// floating-point loop.
func BenchmarkLeaderboardSums(b *testing.B) {
	base, _ := leaderboards656()
	s, err := SumRatios(base...)
	if err != nil {
		b.Fatal(err)
	}
	w := make([]float64, s.units)
	for i := range s.units {
		w[(i*7+3)%s.units]++
	}
	sums, acc, iw := make([]float64, s.cols), make([]uint64, s.cols), make([]uint64, s.units)
	b.Run("packed", func(b *testing.B) {
		for b.Loop() {
			s.packed.sums(sums, acc, iw, w)
		}
	})
	b.Run("floats", func(b *testing.B) {
		for b.Loop() {
			weightedSums(sums, s.x, s.cols, w)
		}
	})
}
