package bootstrap

import (
	"cmp"
	"fmt"
	"math"
	"slices"
)

// Holm returns Holm's step-down adjusted p-values (R's p.adjust(p, "holm"), statsmodels'
// multipletests(p, method = "holm")): in ascending order, p̃_(k) = max_{j≤k} min(1,
// (m−j+1)·p_(j)), returned in the input order. A NaN p-value (a test that could not be
// run) stays NaN and is not counted in the family size m, as p.adjust treats NA; tied
// p-values get equal adjusted values.
func Holm(p []float64) ([]float64, error) {
	idx, err := sortedP(p)
	if err != nil {
		return nil, err
	}
	m := len(idx)
	out := nanLike(p)
	run := 0.0
	for j, i := range idx {
		run = math.Max(run, math.Min(1, float64(m-j)*p[i]))
		out[i] = run
	}
	return out, nil
}

// BenjaminiHochberg returns Benjamini–Hochberg adjusted p-values (false discovery rate; R's
// p.adjust(p, "BH"), statsmodels' "fdr_bh"): in ascending order, q_(k) = min_{j≥k} min(1,
// m·p_(j)/j). NaN p-values are handled as in Holm.
func BenjaminiHochberg(p []float64) ([]float64, error) {
	idx, err := sortedP(p)
	if err != nil {
		return nil, err
	}
	m := len(idx)
	out := nanLike(p)
	run := 1.0
	for j := m - 1; j >= 0; j-- {
		i := idx[j]
		run = math.Min(run, math.Min(1, float64(m)*p[i]/float64(j+1)))
		out[i] = run
	}
	return out, nil
}

// sortedP validates p-values and returns the indices of the non-NaN ones in ascending
// order of p (stable, so ties keep their input order).
func sortedP(p []float64) ([]int, error) {
	idx := make([]int, 0, len(p))
	for i, v := range p {
		if math.IsNaN(v) {
			continue
		}
		if !(v >= 0 && v <= 1) {
			return nil, fmt.Errorf("bootstrap: p[%d] = %v not in [0, 1]", i, v)
		}
		idx = append(idx, i)
	}
	slices.SortStableFunc(idx, func(a, b int) int { return cmp.Compare(p[a], p[b]) })
	return idx, nil
}

func nanLike(p []float64) []float64 {
	out := make([]float64, len(p))
	for i := range out {
		out[i] = math.NaN()
	}
	return out
}

// MinSampleSize is the number of independent cases needed to detect a paired difference
// delta with a two-sided test at level alpha and the given power, n = ⌈((z_{1−α/2} +
// z_power)·sd/|δ|)²⌉, where sd is the standard deviation of the per-case difference
// (reduce repeats to per-case means first; Miller 2024 §5 and the proposed Inspect
// min_samples_for_delta).
func MinSampleSize(sd, delta, alpha, power float64) (int, error) {
	switch {
	case !(sd > 0) || math.IsInf(sd, 0):
		return 0, fmt.Errorf("bootstrap: sample size: sd = %v, want > 0", sd)
	case delta == 0 || bad(delta):
		return 0, fmt.Errorf("bootstrap: sample size: delta = %v, want a non-zero difference", delta)
	case !(alpha > 0 && alpha < 1):
		return 0, fmt.Errorf("bootstrap: sample size: alpha = %v not in (0, 1)", alpha)
	case !(power > 0 && power < 1):
		return 0, fmt.Errorf("bootstrap: sample size: power = %v not in (0, 1)", power)
	}
	n := math.Ceil(math.Pow(zSum(alpha, power)*sd/math.Abs(delta), 2))
	if n > math.MaxInt32 {
		return 0, fmt.Errorf("bootstrap: sample size: %g cases needed, too many", n)
	}
	return int(n), nil
}
