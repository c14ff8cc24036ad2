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

// sumStat checks the ratios (named by name(i), all with n units, or as many as the first when
// n < 0) and lays them out as columns num₀, den₀, num₁, den₁, … of a SumStat.
func sumStat(rs []Ratio, n int, name func(i int) string, nOut int, f func(s, out []float64)) (*SumStat, error) {
	cols := make([][]float64, 0, 2*len(rs))
	for i, r := range rs {
		if err := r.check(name(i), n); err != nil {
			return nil, err
		}
		if n < 0 {
			n = len(r.Num)
		}
		cols = append(cols, r.Num, r.Den)
	}
	return NewSumStat(cols, nOut, f)
}

// statistic unwraps a SumStat constructor's result into its weights form.
func statistic(s *SumStat, err error) (Statistic, error) {
	if err != nil {
		return nil, err
	}
	return s.Statistic(), nil
}

// RatioOfSums returns the one-output statistic Σ w·num / Σ w·den.
func RatioOfSums(num, den []float64) (Statistic, error) {
	return statistic(sumStat([]Ratio{{num, den}}, -1, func(int) string { return "ratio" }, 1, ratioOuts))
}

// SumDiffOfRatios is the one-output statistic a − b (e.g. the paired Δ ECS of two
// configurations on the same units: both ratios see the same draw) as a SumStat.
func SumDiffOfRatios(a, b Ratio) (*SumStat, error) {
	names := [2]string{"a", "b"}
	return sumStat([]Ratio{a, b}, -1, func(i int) string { return names[i] }, 1, func(s, out []float64) {
		out[0] = s[0]/s[1] - s[2]/s[3]
	})
}

// DiffOfRatios is SumDiffOfRatios as a function of unit weights.
func DiffOfRatios(a, b Ratio) (Statistic, error) { return statistic(SumDiffOfRatios(a, b)) }

// SumRatios is a statistic with one output per ratio, all from the same draw (e.g. the ECS of
// every configuration in a table column, so they share one paired resample), as a SumStat.
func SumRatios(rs ...Ratio) (*SumStat, error) {
	if len(rs) == 0 {
		return nil, fmt.Errorf("bootstrap: no ratios")
	}
	return sumStat(rs, -1, func(i int) string { return fmt.Sprintf("ratio %d", i) }, len(rs), ratioOuts)
}

// Ratios is SumRatios as a function of unit weights.
func Ratios(rs ...Ratio) (Statistic, error) { return statistic(SumRatios(rs...)) }

// ratioOuts sets out[j] = s[2j] / s[2j+1].
func ratioOuts(s, out []float64) {
	for j := range out {
		out[j] = s[2*j] / s[2*j+1]
	}
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
