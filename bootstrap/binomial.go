package bootstrap

import (
	"fmt"
	"math"
	"math/big"

	"gonum.org/v1/gonum/stat/distuv"
)

// McNemarExact is McNemar's exact test for paired binary outcomes: the two-sided binomial test
// of b successes in b + c discordant pairs at p = ½, min(1, 2·P(X ≤ min(b, c))), as
// scipy.stats.binomtest(b, b+c).pvalue and R's binom.test. b counts pairs where only the
// first arm succeeded, c pairs where only the second did. With no discordant pair it is 1.
func McNemarExact(b, c int) (float64, error) {
	if b < 0 || c < 0 {
		return 0, fmt.Errorf("bootstrap: mcnemar: negative count (b=%d, c=%d)", b, c)
	}
	n := b + c
	m := min(b, c)
	if n == 0 || 2*m == n {
		return 1, nil
	}
	if n <= exactBinomialMax {
		return binomialTailExact(n, m), nil
	}
	// Terms relative to the largest one in the tail, P(X = m), summed downwards.
	var s float64
	r := 1.0
	for k := m; k >= 0; k-- {
		s += r
		r *= float64(k) / float64(n-k+1)
		if r < 1e-18*s {
			break
		}
	}
	lg := func(v int) float64 { l, _ := math.Lgamma(float64(v) + 1); return l }
	logPm := lg(n) - lg(m) - lg(n-m) - float64(n)*math.Ln2
	return math.Min(1, 2*math.Exp(logPm)*s), nil
}

// exactBinomialMax is the most pairs for which McNemarExact sums the tail in integers: the
// p-value is a dyadic rational, 2·Σ_{k≤m} C(n,k)/2ⁿ, and summed exactly it is the float
// nearest to it (0.375 for 1 of 5, where exp(lgamma) gave 0.37499999999999983, which the
// data forms and the adjusted p-values carried). Beyond it the float sum below is used.
const exactBinomialMax = 1024

// binomialTailExact is min(1, 2·P(X ≤ m)) for X ~ Binomial(n, ½), correctly rounded.
func binomialTailExact(n, m int) float64 {
	sum, term := new(big.Int), big.NewInt(1) // term = C(n, k)
	for k := 0; k <= m; k++ {
		sum.Add(sum, term)
		term.Mul(term, big.NewInt(int64(n-k)))
		term.Quo(term, big.NewInt(int64(k+1)))
	}
	p, _ := new(big.Rat).SetFrac(sum.Lsh(sum, 1), new(big.Int).Lsh(big.NewInt(1), uint(n))).Float64()
	return math.Min(1, p)
}

// Wilson is the Wilson score interval for k successes in n trials at a two-sided level
// (without continuity correction; R's prop.test(correct = FALSE), scipy's
// binomtest(k, n).proportion_ci(method = "wilson")).
func Wilson(k, n int, level float64) (lo, hi float64, err error) {
	if n <= 0 || k < 0 || k > n {
		return 0, 0, fmt.Errorf("bootstrap: wilson: need 0 ≤ k ≤ n and n > 0 (k=%d, n=%d)", k, n)
	}
	if err := checkLevel(level); err != nil {
		return 0, 0, err
	}
	z := distuv.UnitNormal.Quantile(1 - (1-level)/2)
	nf := float64(n)
	p := float64(k) / nf
	z2 := z * z
	den := 1 + z2/nf
	center := (p + z2/(2*nf)) / den
	half := z / den * math.Sqrt(p*(1-p)/nf+z2/(4*nf*nf))
	lo, hi = max(0, center-half), min(1, center+half)
	// At k = 0 (k = n) the centre and the half-width are equal in exact arithmetic, so the
	// bound is 0 (1) exactly; their float difference is a residue such as 5.6e-17.
	if k == 0 {
		lo = 0
	}
	if k == n {
		hi = 1
	}
	return lo, hi, nil
}
