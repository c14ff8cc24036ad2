package bootstrap

import (
	"fmt"
	"math"
)

// Ratio is a ratio of per-unit sums, Σ w_u·Num[u] / Σ w_u·Den[u]: an ECS with Num the
// successes and Den the scored episodes of each unit (all repeats pooled), a mean with Den all
// ones, a rate within a subset with Den the subset sizes. A unit with Den 0 contributes
// nothing; a resample whose denominator is 0 gives NaN, which the intervals drop and count.
type Ratio struct {
	Num, Den []float64
}

// check validates a ratio's columns: equal lengths, finite values.
func (r Ratio) check(name string, n int) error {
	if len(r.Num) != len(r.Den) {
		return fmt.Errorf("bootstrap: %s: num has %d units, den %d", name, len(r.Num), len(r.Den))
	}
	if n >= 0 && len(r.Num) != n {
		return fmt.Errorf("bootstrap: %s: %d units, want %d", name, len(r.Num), n)
	}
	if len(r.Num) == 0 {
		return fmt.Errorf("bootstrap: %s: no units", name)
	}
	for u := range r.Num {
		if bad(r.Num[u]) {
			return fmt.Errorf("bootstrap: %s: num[%d] = %v is not finite", name, u, r.Num[u])
		}
		if bad(r.Den[u]) {
			return fmt.Errorf("bootstrap: %s: den[%d] = %v is not finite", name, u, r.Den[u])
		}
	}
	return nil
}

func bad(v float64) bool { return math.IsNaN(v) || math.IsInf(v, 0) }

// Value is the ratio at unit weights (the observed data); NaN when Num and Den differ in length.
func (r Ratio) Value() float64 {
	if len(r.Num) != len(r.Den) {
		return math.NaN()
	}
	var n, d float64
	for u := range r.Num {
		n += r.Num[u]
		d += r.Den[u]
	}
	return n / d
}

// The sums below wrap each product in float64(): an explicit conversion forbids fusing the
// multiply and add (Go spec, "Floating-point operators"), so arm64 and amd64 give the same bits.

// interleave lays the columns of several ratios out unit-major (unit u's 2·len(rs) values are
// adjacent), so one pass over the weights computes every sum with independent accumulators.
func interleave(rs []Ratio) []float64 {
	n := len(rs[0].Num)
	k := 2 * len(rs)
	x := make([]float64, n*k)
	for u := range n {
		for j, r := range rs {
			x[u*k+2*j] = r.Num[u]
			x[u*k+2*j+1] = r.Den[u]
		}
	}
	return x
}

// RatioOfSums returns the one-output statistic Σ w·num / Σ w·den.
func RatioOfSums(num, den []float64) (Statistic, error) {
	r := Ratio{num, den}
	if err := r.check("ratio", -1); err != nil {
		return nil, err
	}
	x := interleave([]Ratio{r})
	return func(w, out []float64) {
		x := x[:2*len(w)]
		var n0, d0, n1, d1 float64
		u := 0
		for ; u+1 < len(w); u += 2 {
			p := x[2*u : 2*u+4 : 2*u+4]
			w0, w1 := w[u], w[u+1]
			n0 += float64(w0 * p[0])
			d0 += float64(w0 * p[1])
			n1 += float64(w1 * p[2])
			d1 += float64(w1 * p[3])
		}
		if u < len(w) {
			n0 += float64(w[u] * x[2*u])
			d0 += float64(w[u] * x[2*u+1])
		}
		out[0] = (n0 + n1) / (d0 + d1)
	}, nil
}

// DiffOfRatios returns the one-output statistic a − b (e.g. the paired Δ ECS of two
// configurations on the same units: both ratios see the same draw).
func DiffOfRatios(a, b Ratio) (Statistic, error) {
	if err := a.check("a", -1); err != nil {
		return nil, err
	}
	if err := b.check("b", len(a.Num)); err != nil {
		return nil, err
	}
	x := interleave([]Ratio{a, b})
	return func(w, out []float64) {
		x := x[:4*len(w)]
		// Two units per step into eight independent accumulators: the loop is bound by
		// floating-point add latency, not by loads.
		var an, ad, bn, bd, an1, ad1, bn1, bd1 float64
		u := 0
		for ; u+1 < len(w); u += 2 {
			p := x[4*u : 4*u+8 : 4*u+8]
			w0, w1 := w[u], w[u+1]
			an += float64(w0 * p[0])
			ad += float64(w0 * p[1])
			bn += float64(w0 * p[2])
			bd += float64(w0 * p[3])
			an1 += float64(w1 * p[4])
			ad1 += float64(w1 * p[5])
			bn1 += float64(w1 * p[6])
			bd1 += float64(w1 * p[7])
		}
		if u < len(w) {
			p := x[4*u : 4*u+4 : 4*u+4]
			an += float64(w[u] * p[0])
			ad += float64(w[u] * p[1])
			bn += float64(w[u] * p[2])
			bd += float64(w[u] * p[3])
		}
		out[0] = (an+an1)/(ad+ad1) - (bn+bn1)/(bd+bd1)
	}, nil
}

// Ratios returns a statistic with one output per ratio, all from the same draw (e.g. the ECS
// of every configuration in a table column, so they share one paired resample).
func Ratios(rs ...Ratio) (Statistic, error) {
	if len(rs) == 0 {
		return nil, fmt.Errorf("bootstrap: no ratios")
	}
	for i, r := range rs {
		if err := r.check(fmt.Sprintf("ratio %d", i), len(rs[0].Num)); err != nil {
			return nil, err
		}
	}
	return func(w, out []float64) {
		for j, r := range rs {
			num, den := r.Num[:len(w)], r.Den[:len(w)]
			var n, d float64
			for u, wu := range w {
				n += float64(wu * num[u])
				d += float64(wu * den[u])
			}
			out[j] = n / d
		}
	}, nil
}

// GroupSums adds per-item values into per-group sums: out[group[i]] += x[i]. It turns
// per-case sums into per-cluster sums for the template-clustered bootstrap (a cluster is then
// the resampled unit). Every group index must be in [0, nGroups).
func GroupSums(x []float64, group []int, nGroups int) ([]float64, error) {
	if len(x) != len(group) {
		return nil, fmt.Errorf("bootstrap: group sums: %d values, %d group indices", len(x), len(group))
	}
	if nGroups < 1 {
		return nil, fmt.Errorf("bootstrap: group sums: %d groups", nGroups)
	}
	out := make([]float64, nGroups)
	for i, g := range group {
		if g < 0 || g >= nGroups {
			return nil, fmt.Errorf("bootstrap: group sums: group[%d] = %d not in [0, %d)", i, g, nGroups)
		}
		out[g] += x[i]
	}
	return out, nil
}

// GroupIndex numbers the distinct ids in order of first appearance: index[i] is the group of
// ids[i], and names lists the groups. With case ids it numbers units; with cluster ids it
// gives the group argument of GroupSums.
func GroupIndex(ids []string) (index []int, names []string) {
	seen := make(map[string]int, len(ids))
	index = make([]int, len(ids))
	for i, id := range ids {
		g, ok := seen[id]
		if !ok {
			g = len(names)
			seen[id] = g
			names = append(names, id)
		}
		index[i] = g
	}
	return index, names
}

// MacroMean returns the one-output statistic (1/m)·Σ_j ratio_j: the unweighted mean of several
// ratios over the same units, e.g. P-M (the mean of the per-protocol ECS, each ratio's columns
// zero outside its protocol) or a diagnostic rate averaged over repeats with equal weight. A
// ratio whose resampled denominator is 0 makes the replicate NaN.
func MacroMean(rs ...Ratio) (Statistic, error) {
	if len(rs) == 0 {
		return nil, fmt.Errorf("bootstrap: macro mean of no ratios")
	}
	for i, r := range rs {
		if err := r.check(fmt.Sprintf("macro mean: ratio %d", i), len(rs[0].Num)); err != nil {
			return nil, err
		}
	}
	m := float64(len(rs))
	return func(w, out []float64) {
		var s float64
		for _, r := range rs {
			s += weightedRatio(r, w)
		}
		out[0] = s / m
	}, nil
}
