package bootstrap

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
)

// PassKConvention says which repeat count n enters pass^k = mean over cases of C(c, k)/C(n, k)
// (c successes): the two conventions of τ-bench and τ²-bench.
type PassKConvention uint8

const (
	// PassKPlanned is τ-bench's: n is the number of repeats planned per case, the same for
	// every case, so a repeat that was not scored counts as a failure. The default.
	PassKPlanned PassKConvention = iota
	// PassKPerCase is τ²-bench's: n is the case's own number of scored repeats; a case with
	// fewer than k is left out of the mean.
	PassKPerCase
)

// String returns "planned" or "per-case".
func (c PassKConvention) String() string {
	switch c {
	case PassKPlanned:
		return "planned"
	case PassKPerCase:
		return "per-case"
	}
	return fmt.Sprintf("PassKConvention(%d)", uint8(c))
}

// Describe is a one-line statement of the convention for a table note.
func (c PassKConvention) Describe() string {
	switch c {
	case PassKPlanned:
		return "pass^k = mean C(c,k)/C(n,k) with n the repeats planned per case (tau-bench); missing repeats count as failures"
	case PassKPerCase:
		return "pass^k = mean C(c,k)/C(n,k) with n each case's scored repeats (tau2-bench); cases with fewer than k repeats left out"
	}
	return c.String()
}

// ParsePassKConvention parses "planned" (also "tau-bench") or "per-case" (also "tau2-bench").
func ParsePassKConvention(s string) (PassKConvention, error) {
	switch strings.ToLower(s) {
	case "planned", "tau-bench", "taubench":
		return PassKPlanned, nil
	case "per-case", "percase", "tau2-bench", "tau2bench":
		return PassKPerCase, nil
	}
	return 0, fmt.Errorf("bootstrap: unknown pass^k convention %q (want planned or per-case)", s)
}

// ParsePassKList parses a comma list of k ≥ 1 ("1,2,4"), in the order given.
func ParsePassKList(s string) ([]int, error) {
	var ks []int
	for _, f := range strings.Split(s, ",") {
		k, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || k < 1 {
			return nil, fmt.Errorf("bootstrap: pass^k list %q: want a comma list of k ≥ 1", s)
		}
		ks = append(ks, k)
	}
	return ks, nil
}

// PassK is pass^k for one k.
type PassK struct {
	Convention PassKConvention
	K          int
	Value      float64   // mean of PerCase over the counted cases; NaN when none is counted
	Cases      int       // cases counted in Value
	PerCase    []float64 // C(c_i, k)/C(n_i, k) per case; NaN for a case left out
	// Short lists the cases (indices) with fewer than k scored repeats: counted with their
	// missing repeats as failures under PassKPlanned, left out under PassKPerCase.
	Short []int
}

// PassHatKs computes pass^k for each k in ks from case i's successes[i] out of scored[i]
// scored repeats, with planned repeats per case (used by PassKPlanned only; each scored[i]
// must not exceed it). Every k is computed in one pass over each case: C(c,k)/C(n,k) =
// Π_{j<k} (c−j)/(n−j) is a running product whose factors are at most 1, so it neither
// overflows nor needs large binomials, and it stops at k = c + 1 where it becomes 0; the
// cost is O(min(c, max k)) per case. Results are in the order of ks.
func PassHatKs(successes, scored []int, planned int, ks []int, conv PassKConvention) ([]PassK, error) {
	if len(successes) != len(scored) {
		return nil, fmt.Errorf("bootstrap: pass^k: %d success counts, %d repeat counts", len(successes), len(scored))
	}
	if len(successes) == 0 {
		return nil, fmt.Errorf("bootstrap: pass^k: no cases")
	}
	if conv != PassKPlanned && conv != PassKPerCase {
		return nil, fmt.Errorf("bootstrap: pass^k: unknown convention %d", int(conv))
	}
	if len(ks) == 0 {
		return nil, fmt.Errorf("bootstrap: pass^k: no k")
	}
	kmax := 0
	for _, k := range ks {
		if k < 1 {
			return nil, fmt.Errorf("bootstrap: pass^k: k = %d, want at least 1", k)
		}
		kmax = max(kmax, k)
	}
	if conv == PassKPlanned && kmax > planned {
		return nil, fmt.Errorf("bootstrap: pass^k: k = %d exceeds the %d repeats planned per case", kmax, planned)
	}
	for i, c := range successes {
		n := scored[i]
		if n < 0 || c < 0 || c > n {
			return nil, fmt.Errorf("bootstrap: pass^k: case %d has %d successes in %d repeats", i, c, n)
		}
		if conv == PassKPlanned && n > planned {
			return nil, fmt.Errorf("bootstrap: pass^k: case %d has %d scored repeats, more than the %d planned", i, n, planned)
		}
	}
	// Compute the distinct ks in ascending order, then hand them out in the order of ks.
	order := slices.Clone(ks)
	slices.Sort(order)
	order = slices.Compact(order)
	res := make([]PassK, len(order))
	for o, k := range order {
		res[o] = PassK{Convention: conv, K: k, PerCase: make([]float64, len(successes))}
	}
	for i, c := range successes {
		n := scored[i]
		if conv == PassKPlanned {
			n = planned
		}
		v, j := 1.0, 0 // v = C(c, j)/C(n, j)
		for o, k := range order {
			r := &res[o]
			if scored[i] < k {
				r.Short = append(r.Short, i)
				if conv == PassKPerCase {
					r.PerCase[i] = math.NaN()
					continue
				}
			}
			for ; j < k && v != 0; j++ {
				v *= float64(c-j) / float64(n-j)
			}
			r.PerCase[i] = v
		}
	}
	for o := range res {
		r := &res[o]
		var s float64
		for _, v := range r.PerCase {
			if !math.IsNaN(v) {
				s += v
				r.Cases++
			}
		}
		r.Value = math.NaN()
		if r.Cases > 0 {
			r.Value = s / float64(r.Cases)
		}
	}
	out := make([]PassK, len(ks))
	used := make([]bool, len(res))
	for i, k := range ks {
		o, _ := slices.BinarySearch(order, k)
		out[i] = res[o]
		if used[o] { // a repeated k gets its own slices
			out[i].PerCase, out[i].Short = slices.Clone(res[o].PerCase), slices.Clone(res[o].Short)
		}
		used[o] = true
	}
	return out, nil
}

// PassHatK is pass^k with each case's own repeat count n_i (PassKPerCase) when every case
// has at least k scored repeats; a case with fewer is an error naming it (Inspect's pass_k
// gives NaN instead). With equal n_i it is also τ-bench's value. pass^1 is the mean success
// rate.
func PassHatK(c, n []int, k int) (float64, error) {
	per, err := PassHatKPerCase(c, n, k)
	if err != nil {
		return 0, err
	}
	return mean(per), nil
}

// PassHatKPerCase returns each case's C(c_i, k)/C(n_i, k) under the rule of PassHatK; with
// RatioOfSums(per, ones) it gives a bootstrap interval for pass^k.
func PassHatKPerCase(c, n []int, k int) ([]float64, error) {
	if k < 1 {
		return nil, fmt.Errorf("bootstrap: pass^k: k = %d, want at least 1", k)
	}
	r, err := PassHatKs(c, n, 0, []int{k}, PassKPerCase)
	if err != nil {
		return nil, err
	}
	if s := r[0].Short; len(s) > 0 {
		return nil, fmt.Errorf("bootstrap: pass^k: case %d has %d trials, fewer than k = %d", s[0], n[s[0]], k)
	}
	return r[0].PerCase, nil
}
