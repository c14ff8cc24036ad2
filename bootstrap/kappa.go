package bootstrap

import (
	"cmp"
	"fmt"
	"math"
	"slices"
)

// Weighting is the disagreement weighting of Cohen's κ.
type Weighting int

const (
	Unweighted Weighting = iota // 1 for any disagreement
	Linear                      // |i − j|
	Quadratic                   // (i − j)²
)

// String returns "none", "linear" or "quadratic" (sklearn's spelling).
func (w Weighting) String() string {
	switch w {
	case Unweighted:
		return "none"
	case Linear:
		return "linear"
	case Quadratic:
		return "quadratic"
	}
	return fmt.Sprintf("Weighting(%d)", int(w))
}

// MaxKappaCategories bounds the categories of CohenKappa (its confusion matrix is k×k).
const MaxKappaCategories = 4096

// Agreement is the agreement between two raters on the same items.
type Agreement[T cmp.Ordered] struct {
	N         int     // items
	Labels    []T     // categories seen in either rater, ascending
	Confusion [][]int // Confusion[i][j]: items rated Labels[i] by a and Labels[j] by b
	Observed  float64 // raw agreement: share of items with a == b
	Kappa     float64 // Cohen's κ under the weighting; NaN when chance agreement is perfect
	Weighting Weighting
}

// CohenKappa computes Cohen's κ between ratings a and b of the same items, as sklearn's
// cohen_kappa_score: the categories are the sorted union of both raters' labels, and the
// linear and quadratic weights use the distance between category positions in that order
// (not between label values). κ = 1 − Σ w·O / Σ w·E, E the outer product of the marginals.
func CohenKappa[T cmp.Ordered](a, b []T, w Weighting) (Agreement[T], error) {
	var ag Agreement[T]
	if len(a) != len(b) {
		return ag, fmt.Errorf("bootstrap: kappa: a has %d ratings, b %d", len(a), len(b))
	}
	if len(a) == 0 {
		return ag, fmt.Errorf("bootstrap: kappa: no ratings")
	}
	if w < Unweighted || w > Quadratic {
		return ag, fmt.Errorf("bootstrap: kappa: unknown weighting %d", int(w))
	}
	labels := append(slices.Clone(a), b...)
	slices.Sort(labels)
	labels = slices.Compact(labels)
	k := len(labels)
	if k > MaxKappaCategories {
		return ag, fmt.Errorf("bootstrap: kappa: %d categories, more than %d", k, MaxKappaCategories)
	}
	pos := func(v T) int { i, _ := slices.BinarySearch(labels, v); return i }
	conf := make([][]int, k)
	for i := range conf {
		conf[i] = make([]int, k)
	}
	agree := 0
	for i := range a {
		conf[pos(a[i])][pos(b[i])]++
		if a[i] == b[i] {
			agree++
		}
	}
	n := float64(len(a))
	rows := make([]float64, k)
	cols := make([]float64, k)
	for i := range k {
		for j := range k {
			rows[i] += float64(conf[i][j])
			cols[j] += float64(conf[i][j])
		}
	}
	var obs, exp float64
	for i := range k {
		for j := range k {
			d := float64(i - j)
			var wt float64
			switch w {
			case Unweighted:
				if i != j {
					wt = 1
				}
			case Linear:
				wt = math.Abs(d)
			case Quadratic:
				wt = d * d
			}
			obs += wt * float64(conf[i][j])
			exp += wt * rows[i] * cols[j] / n
		}
	}
	return Agreement[T]{N: len(a), Labels: labels, Confusion: conf, Observed: float64(agree) / n,
		Kappa: 1 - obs/exp, Weighting: w}, nil
}
