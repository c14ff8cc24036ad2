package bootstrap

import (
	"fmt"
	"math"
	"testing"

	"gonum.org/v1/gonum/stat/distuv"
)

// chiSquarePMF is Pearson's χ² of outcome counts against Binomial(m, p)'s probabilities
// (gonum's pmf, an independent implementation), bins with an expected count below 5 pooled
// into their neighbour. It returns χ² and its degrees of freedom.
func chiSquarePMF(counts map[int]int, draws, m int, p float64) (chi2 float64, df int) {
	b := distuv.Binomial{N: float64(m), P: p}
	var obs, exp float64
	bins := 0
	for j := 0; j <= m; j++ {
		obs += float64(counts[j])
		exp += b.Prob(float64(j)) * float64(draws)
		if exp >= 5 || j == m {
			chi2 += (obs - exp) * (obs - exp) / exp
			obs, exp = 0, 0
			bins++
		}
	}
	return chi2, bins - 1
}

// chiSquareCritical is the 0.999 quantile of χ² with df degrees of freedom.
func chiSquareCritical(df int) float64 {
	return distuv.ChiSquared{K: float64(df)}.Quantile(0.999)
}

// binomialCases covers small and large m·p, p near 0 and 1, and m outside the tabulated
// range of mode points (which takes the direct computation).
var binomialCases = []struct {
	m  int
	p  float64
	lo int // tabulated range [lo, lo+span]
}{
	{570, 1.0 / 16, 500},
	{20, 0.03, 0},
	{5, 0.5, 0},
	{1000, 0.9, 900},
	{300, 0.001, 250},
	{4000, 0.37, 3900},
	{777, 0.2, 0}, // outside [0, 200]: computed directly
	{163, 0.55, 100},
}

// TestBinomialMatchesPMF draws 200,000 seeded binomials per case through the searches of the
// class chain and compares the counts with the pmf (χ², P = 0.001).
func TestBinomialMatchesPMF(t *testing.T) {
	const draws = 200_000
	for _, c := range binomialCases {
		mn := &multinomial{classes: []chainClass{newChainClass(c.p, c.lo, c.lo+200)}, inv: reciprocals(c.m)}
		counts := map[int]int{}
		s := uint64(c.m)*1_000_003 + 17
		for range draws {
			s += golden
			counts[mn.classes[0].binomial(c.m, uniform53(mix64(s)), mn.inv)]++
		}
		chi2, df := chiSquarePMF(counts, draws, c.m, c.p)
		if crit := chiSquareCritical(df); chi2 > crit {
			t.Errorf("Binomial(%d, %g): χ² = %.1f on %d df > %.1f", c.m, c.p, chi2, df, crit)
		}
		// The same counts against a slightly wrong p must fail: the test can tell.
		wrong := c.p * 1.05
		if c.p > 0.5 {
			wrong = 1 - (1-c.p)*1.05
		}
		if chi2, df := chiSquarePMF(counts, draws, c.m, wrong); chi2 <= chiSquareCritical(df) && float64(c.m)*c.p > 1 {
			t.Errorf("Binomial(%d, %g): counts also fit p = %g (χ² = %.1f on %d df)", c.m, c.p, wrong, chi2, df)
		}
	}
}

// TestBinomialInvertsTheCDF: for u just below and at each CDF step the search returns the
// step's outcome, against gonum's CDF, so the draws are the inversion the layout documents.
func TestBinomialInvertsTheCDF(t *testing.T) {
	for _, c := range binomialCases {
		mn := &multinomial{classes: []chainClass{newChainClass(c.p, c.lo, c.lo+200)}, inv: reciprocals(c.m)}
		b := distuv.Binomial{N: float64(c.m), P: c.p}
		for j := 0; j <= c.m; j++ {
			f := b.CDF(float64(j))
			if f < 1e-12 || f > 1-1e-12 {
				continue // outcomes the 1e-12 margin cannot separate from their neighbours
			}
			fPrev := b.CDF(float64(j - 1))
			if f-fPrev < 1e-10 {
				continue
			}
			for _, u := range []float64{f - 1e-11, fPrev + 1e-11} {
				if got := mn.classes[0].binomial(c.m, u, mn.inv); got != j {
					t.Fatalf("Binomial(%d, %g) at u = %.15g: %d, want %d", c.m, c.p, u, got, j)
				}
			}
		}
	}
}

// TestModeRecurrenceMatchesDirect: the mode points from the recurrence in m agree with the
// direct computation at every m, including the steps just before a re-anchoring.
func TestModeRecurrenceMatchesDirect(t *testing.T) {
	for _, p := range []float64{0.003, 0.16, 0.5, 0.93} {
		mr := newModeRange(37, 37+3*reanchor, p)
		for i, got := range mr.at {
			want := binomialMode(37+i, p)
			if got.j != want.j || math.Abs(got.p-want.p) > 1e-13 || math.Abs(got.f-want.f) > 1e-13 {
				t.Fatalf("p=%g m=%d: recurrence %+v, direct %+v", p, 37+i, got, want)
			}
		}
	}
}

// TestMultinomialChain: every draw assigns all n units; each class's total follows
// Binomial(n, size/n) (χ²); the stream is the documented one (class k uses output k).
func TestMultinomialChain(t *testing.T) {
	sizes := []int{92, 48, 81, 3, 18, 1, 40, 43, 13}
	n := 0
	for _, s := range sizes {
		n += s
	}
	mn := newMultinomial(sizes)
	const draws = 100_000
	counts := make([]map[int]int, len(sizes))
	for k := range counts {
		counts[k] = map[int]int{}
	}
	c := make([]float64, len(sizes))
	for b := range draws {
		mn.draw(ReplicateSeed(42, b), c)
		var total float64
		for k, v := range c {
			total += v
			counts[k][int(v)]++
		}
		if total != float64(n) {
			t.Fatalf("draw %d assigns %v units, want %d", b, total, n)
		}
	}
	for k, s := range sizes {
		chi2, df := chiSquarePMF(counts[k], draws, n, float64(s)/float64(n))
		if crit := chiSquareCritical(max(df, 1)); chi2 > crit {
			t.Errorf("class %d (size %d): χ² = %.1f on %d df > %.1f", k, s, chi2, df, crit)
		}
	}
	// Layout: class 0's count is the inversion of Binomial(n, size_0/n) at output 0's uniform.
	mn.draw(ReplicateSeed(42, 7), c)
	u := uniform53(mix64(ReplicateSeed(42, 7) + golden))
	b := distuv.Binomial{N: float64(n), P: float64(sizes[0]) / float64(n)}
	if j := c[0]; !(b.CDF(j) > u && b.CDF(j-1) <= u) {
		t.Errorf("class 0 count %v is not the inversion at u = %v", j, u)
	}
}

func ExampleResampleSums() {
	// 40 cases, two arms, one episode each: a case's columns take at most four values, so the
	// resample draws four class counts instead of 40 cases.
	a := Ratio{Num: make([]float64, 40), Den: make([]float64, 40)}
	b := Ratio{Num: make([]float64, 40), Den: make([]float64, 40)}
	for u := range 40 {
		a.Num[u], b.Num[u] = float64(u%3/2), float64(u%2)
		a.Den[u], b.Den[u] = 1, 1
	}
	s, _ := SumDiffOfRatios(a, b)
	res, _ := ResampleSums(s, Options{Resamples: 2000, Method: BCa})
	fmt.Printf("Δ = %.3f over %d units in %d classes\n", res.Estimate[0], res.Units, res.Classes)
	// Output: Δ = -0.175 over 40 units in 4 classes
}
