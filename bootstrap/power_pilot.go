package bootstrap

import (
	"cmp"
	"fmt"
	"math"
	"slices"
)

// PairedCase is one case of a paired pilot: each arm's successes and scored repeats there,
// and the case's template (any integer label; distinct labels for independent cases).
type PairedCase struct {
	SuccA, NA, SuccB, NB int
	Cluster              int
}

// EstimatePaired estimates the variance components of a paired comparison from a pilot
// (method of moments). Per case, ȳ = successes/repeats and s² = c(n−c)/(n(n−1)), the
// unbiased estimate of p(1−p) from n ≥ 2 repeats; W is the mean s²; the between-case
// variances are the sample variances (ddof 1) of ȳ_A, ȳ_B and d = ȳ_A − ȳ_B less the mean
// s²/n they hold, floored at 0. The template covariance is Σ_c Σ_{i≠j∈c} e_i·e_j over Σ_c
// m_c(m_c−1), e = d − d̄ (the cross term of Miller's clustered standard error); it may be
// negative (templates more alike across than within, or noise), and is kept signed: a
// floor at 0 made the planned power of template resampling fall short of the simulated
// one on the built-in release. Every case needs at least one repeat in each arm.
func EstimatePaired(cases []PairedCase) (PairedComponents, error) {
	var c PairedComponents
	n := len(cases)
	if n < 2 {
		what := "shared cases"
		if n == 1 {
			what = "shared case"
		}
		return c, fmt.Errorf("bootstrap: power pilot: %d %s, want at least 2", n, what)
	}
	var sa, na, sb, nb, reps float64
	var wA, wB []float64 // s² of cases with two repeats or more
	for i, k := range cases {
		if k.NA < 1 || k.NB < 1 || k.SuccA < 0 || k.SuccA > k.NA || k.SuccB < 0 || k.SuccB > k.NB {
			return c, fmt.Errorf("bootstrap: power pilot: case %d has %d/%d and %d/%d successes", i, k.SuccA, k.NA, k.SuccB, k.NB)
		}
		sa, na, sb, nb = sa+float64(k.SuccA), na+float64(k.NA), sb+float64(k.SuccB), nb+float64(k.NB)
		reps += float64(k.NA+k.NB) / 2
		if k.NA >= 2 {
			wA = append(wA, within(k.SuccA, k.NA))
		}
		if k.NB >= 2 {
			wB = append(wB, within(k.SuccB, k.NB))
		}
	}
	c.RateA, c.RateB = sa/na, sb/nb
	c.Cases, c.Repeats = n, int(math.Round(reps/float64(n)))
	c.WithinKnown = len(wA) > 0 && len(wB) > 0
	if c.WithinKnown {
		c.WithinA, c.WithinB = mean(wA), mean(wB)
	}
	ya, yb, d := make([]float64, n), make([]float64, n), make([]float64, n)
	var noiseA, noiseB float64 // mean s²/n: what the observed rates' variance holds of repeat noise
	for i, k := range cases {
		ya[i], yb[i] = float64(k.SuccA)/float64(k.NA), float64(k.SuccB)/float64(k.NB)
		d[i] = ya[i] - yb[i]
		if c.WithinKnown {
			noiseA += withinOr(k.SuccA, k.NA, c.WithinA) / float64(k.NA)
			noiseB += withinOr(k.SuccB, k.NB, c.WithinB) / float64(k.NB)
		}
	}
	noiseA, noiseB = noiseA/float64(n), noiseB/float64(n)
	c.BetweenA = math.Max(0, variance(ya)-noiseA)
	c.BetweenB = math.Max(0, variance(yb)-noiseB)
	c.BetweenDiff = math.Max(0, variance(d)-noiseA-noiseB)

	labels := make([]int, n)
	for i, k := range cases {
		labels[i] = k.Cluster
	}
	c.TemplateCov, c.Clusters, c.ClusterSize = templateCov(d, labels)
	return c, nil
}

// within is c(n−c)/(n(n−1)), the unbiased estimate of p(1−p) from c successes in n ≥ 2.
func within(c, n int) float64 {
	return float64(c) * float64(n-c) / (float64(n) * float64(n-1))
}

// withinOr is within, or w for a case of one repeat.
func withinOr(c, n int, w float64) float64 {
	if n < 2 {
		return w
	}
	return within(c, n)
}

// templateCov is the covariance of two different units' values within a template,
// Σ_c Σ_{i≠j∈c} e_i·e_j / Σ_c m_c(m_c−1) with e = x − x̄ (0 when every template has one
// unit), the number of templates and their size-weighted mean size Σm²/Σm. Templates are
// summed in label order, so the sums do not depend on the input's order.
func templateCov(x []float64, cluster []int) (cov float64, templates int, size float64) {
	n := len(x)
	idx := make([]int, n)
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int { return cmp.Compare(cluster[a], cluster[b]) })
	m0 := mean(x)
	var cross, pairs, sq, ss float64
	for i := 0; i < n; {
		j := i
		var s, s2 float64
		for ; j < n && cluster[idx[j]] == cluster[idx[i]]; j++ {
			e := x[idx[j]] - m0
			s += e
			s2 += e * e
		}
		m := float64(j - i)
		cross += s*s - s2
		pairs += m * (m - 1)
		sq += m * m
		ss += s2
		templates++
		i = j
	}
	// Cross-products within rounding of the squares they come from are none: a case whose
	// rate is the mean (1/3 of 1/3) leaves a deviation of 1e-17, not 0, and its products
	// printed as a template ICC of −4.2e-16 where it is exactly 0.
	if math.Abs(cross) <= roundingSpread*ss {
		cross = 0
	}
	if pairs > 0 {
		cov = cross / pairs
	}
	return cov, templates, sq / float64(n)
}

// variance is the sample variance (ddof 1); 0 for fewer than two values.
func variance(x []float64) float64 {
	if len(x) < 2 {
		return 0
	}
	m := mean(x)
	var ss float64
	for _, v := range x {
		ss += (v - m) * (v - m)
	}
	return ss / float64(len(x)-1)
}
