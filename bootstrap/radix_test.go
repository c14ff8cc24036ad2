package bootstrap

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestSortFiniteMatchesSort: the radix sort gives slices.Sort's order, bit for bit, on
// replicate-like data (few distinct values, a narrow range), on values of both signs over
// the whole exponent range, and at lengths around radixMin.
func TestSortFiniteMatchesSort(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 5))
	gens := map[string]func() float64{
		"ratios":   func() float64 { return float64(r.IntN(300)) / 570 },
		"deltas":   func() float64 { return float64(r.IntN(61)-30) / 171 },
		"wide":     func() float64 { return math.Ldexp(r.NormFloat64(), r.IntN(2000)-1000) },
		"constant": func() float64 { return 0.25 },
		"extremes": func() float64 {
			return []float64{math.MaxFloat64, -math.MaxFloat64, math.SmallestNonzeroFloat64, -math.SmallestNonzeroFloat64, 0, 1, -1}[r.IntN(7)]
		},
	}
	for name, g := range gens {
		for _, n := range []int{1, radixMin - 1, radixMin, radixMin + 1, 10_000} {
			s := make([]float64, n)
			for i := range s {
				s[i] = g()
			}
			want := slices.Clone(s)
			slices.Sort(want)
			sortFinite(s)
			for i := range s {
				if math.Float64bits(s[i]) != math.Float64bits(want[i]) {
					t.Fatalf("%s, n=%d: [%d] = %v, slices.Sort %v", name, n, i, s[i], want[i])
				}
			}
		}
	}
	// −0 sorts with +0 and comes back as +0.
	s := make([]float64, radixMin)
	for i := range s {
		s[i] = float64(i%3 - 1)
	}
	s[7] = math.Copysign(0, -1)
	sortFinite(s)
	if !slices.IsSorted(s) || slices.ContainsFunc(s, func(v float64) bool { return v == 0 && math.Signbit(v) }) {
		t.Error("−0 not sorted as +0")
	}
}

// BenchmarkSortFinite10k sorts 10,000 replicate-like values (a paired Δ's replicates).
func BenchmarkSortFinite10k(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 2))
	src := make([]float64, 10_000)
	for i := range src {
		src[i] = float64(r.IntN(61)-30)/171 + float64(r.IntN(40))/3000
	}
	s := make([]float64, len(src))
	b.Run("radix", func(b *testing.B) {
		for b.Loop() {
			copy(s, src)
			sortFinite(s)
		}
	})
	b.Run("pdqsort", func(b *testing.B) {
		for b.Loop() {
			copy(s, src)
			slices.Sort(s)
		}
	})
}
