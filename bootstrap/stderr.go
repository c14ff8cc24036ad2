package bootstrap

import (
	"cmp"
	"fmt"
	"math"
	"slices"
)

// StdErrCLT is the CLT standard error of a mean, sd(x, ddof = 1)/√n (Miller 2024; Inspect's
// stderr(); lm-eval's mean_stderr). For a paired comparison pass d = a − b per case; with
// repeats, pass per-case means. It is NaN for fewer than two values (Inspect returns 0).
func StdErrCLT(x []float64) (float64, error) {
	if err := checkFinite("x", x); err != nil {
		return 0, err
	}
	n := float64(len(x))
	if len(x) < 2 {
		return math.NaN(), nil
	}
	m := mean(x)
	var ss float64
	for _, v := range x {
		ss += (v - m) * (v - m)
	}
	return math.Sqrt(ss / (n - 1) / n), nil
}

// StdErrClusteredMiller is the clustered standard error of Miller, "Adding Error Bars to
// Evals" (2024, arXiv 2411.00640, Appendix A):
//
//	SE² = SE²_CLT + n⁻² Σ_c Σ_{i≠j ∈ c} (x_i − x̄)(x_j − x̄)
//
// with cluster[i] the cluster of x[i] (any integer labels). NaN for fewer than two values.
func StdErrClusteredMiller(x []float64, cluster []int) (float64, error) {
	clt, err := StdErrCLT(x)
	if err != nil {
		return 0, err
	}
	sums, sq, err := clusterSums(x, cluster)
	if err != nil || len(x) < 2 {
		return math.NaN(), err
	}
	n := float64(len(x))
	var cross float64
	for c := range sums {
		cross += sums[c]*sums[c] - sq[c] // Σ_{i≠j} e_i e_j = (Σ e)² − Σ e²
	}
	return math.Sqrt(clt*clt + cross/(n*n)), nil
}

// StdErrClusteredInspect is Inspect AI's clustered standard error (stderr(cluster=…),
// scorer/_metrics/std.py), Miller's formula with a finite-cluster correction C/(C−1) and no
// separate CLT term:
//
//	SE = √( C/(C−1) · Σ_c (Σ_{i∈c} (x_i − x̄))² ) / n
//
// It is NaN with fewer than two clusters.
func StdErrClusteredInspect(x []float64, cluster []int) (float64, error) {
	if err := checkFinite("x", x); err != nil {
		return 0, err
	}
	sums, _, err := clusterSums(x, cluster)
	if err != nil {
		return 0, err
	}
	C := float64(len(sums))
	if len(sums) < 2 {
		return math.NaN(), nil
	}
	var v float64
	for _, s := range sums {
		v += s * s
	}
	return math.Sqrt(v*C/(C-1)) / float64(len(x)), nil
}

// clusterSums returns, per cluster in ascending label order, Σ e_i and Σ e_i² with
// e = x − x̄. The fixed order keeps the floating-point sums deterministic.
func clusterSums(x []float64, cluster []int) (sums, sq []float64, err error) {
	if len(x) != len(cluster) {
		return nil, nil, fmt.Errorf("bootstrap: %d values, %d cluster labels", len(x), len(cluster))
	}
	if len(x) == 0 {
		return nil, nil, nil
	}
	m := mean(x)
	idx := make([]int, len(x))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int { return cmp.Compare(cluster[a], cluster[b]) })
	for i := 0; i < len(idx); {
		var s, q float64
		j := i
		for ; j < len(idx) && cluster[idx[j]] == cluster[idx[i]]; j++ {
			e := x[idx[j]] - m
			s += e
			q += e * e
		}
		sums = append(sums, s)
		sq = append(sq, q)
		i = j
	}
	return sums, sq, nil
}

func mean(x []float64) float64 {
	var s float64
	for _, v := range x {
		s += v
	}
	return s / float64(len(x))
}
