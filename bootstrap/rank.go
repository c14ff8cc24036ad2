package bootstrap

import (
	"fmt"
	"math"
	"slices"
	"sync"
)

// KendallTauB is Kendall's τ-b with the tie correction, (P − Q)/√((P+Q+Tx)(P+Q+Ty)), as
// scipy.stats.kendalltau (its default variant) and R's cor(method = "kendall") compute it, in
// O(n log n) (Knight 1966). It is NaN with fewer than two pairs or a constant input.
func KendallTauB(x, y []float64) (float64, error) {
	if err := checkPair(x, y); err != nil {
		return 0, err
	}
	var sc rankScratch
	return sc.kendall(x, y), nil
}

// Spearman is Spearman's ρ: the Pearson correlation of average ranks (ties share the mean of
// their ranks), as scipy.stats.spearmanr. It is NaN for fewer than two values or a constant
// input.
func Spearman(x, y []float64) (float64, error) {
	if err := checkPair(x, y); err != nil {
		return 0, err
	}
	var sc rankScratch
	return sc.spearman(x, y), nil
}

// TieRule says which rank tied values share.
type TieRule int

const (
	// TieAverage gives ties the mean of their ranks (scipy.stats.rankdata "average"), the
	// ranks Spearman's ρ correlates.
	TieAverage TieRule = iota
	// TieMin gives ties the lowest of their ranks, competition ranking "1, 2, 2, 4"
	// (rankdata "min"): the leaderboard convention.
	TieMin
)

// Ranks returns the 1-based ranks of x, smallest first (negate x to rank the highest
// first), with ties ranked by rule.
func Ranks(x []float64, rule TieRule) ([]float64, error) {
	if err := checkFinite("x", x); err != nil {
		return nil, err
	}
	var sc rankScratch
	r := make([]float64, len(x))
	if rule != TieMin {
		sc.ranks(x, r)
		return r, nil
	}
	idx := sc.order(x, nil)
	for i, j := range idx {
		if i > 0 && x[j] == x[idx[i-1]] {
			r[j] = r[idx[i-1]]
		} else {
			r[j] = float64(i + 1)
		}
	}
	return r, nil
}

func checkPair(x, y []float64) error {
	if len(x) != len(y) {
		return fmt.Errorf("bootstrap: x has %d values, y %d", len(x), len(y))
	}
	if err := checkFinite("x", x); err != nil {
		return err
	}
	return checkFinite("y", y)
}

func checkFinite(name string, x []float64) error {
	for i, v := range x {
		if bad(v) {
			return fmt.Errorf("bootstrap: %s[%d] = %v is not finite", name, i, v)
		}
	}
	return nil
}

// rankScratch holds reusable buffers so the correlations allocate nothing in a resampling loop.
type rankScratch struct {
	idx, tmp []int
	rx, ry   []float64
}

func (sc *rankScratch) order(x []float64, y []float64) []int {
	n := len(x)
	if cap(sc.idx) < n {
		sc.idx = make([]int, n)
		sc.tmp = make([]int, n)
	}
	idx := sc.idx[:n]
	for i := range idx {
		idx[i] = i
	}
	slices.SortFunc(idx, func(a, b int) int {
		if c := cmpFloat(x[a], x[b]); c != 0 || y == nil {
			return c
		}
		return cmpFloat(y[a], y[b])
	})
	return idx
}

func cmpFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// ranks writes the average ranks of x into r.
func (sc *rankScratch) ranks(x, r []float64) {
	idx := sc.order(x, nil)
	for i := 0; i < len(idx); {
		j := i
		for j+1 < len(idx) && x[idx[j+1]] == x[idx[i]] {
			j++
		}
		avg := float64(i+j)/2 + 1
		for k := i; k <= j; k++ {
			r[idx[k]] = avg
		}
		i = j + 1
	}
}

func (sc *rankScratch) spearman(x, y []float64) float64 {
	n := len(x)
	if n < 2 {
		return math.NaN()
	}
	if cap(sc.rx) < n {
		sc.rx = make([]float64, n)
		sc.ry = make([]float64, n)
	}
	rx, ry := sc.rx[:n], sc.ry[:n]
	sc.ranks(x, rx)
	sc.ranks(y, ry)
	m := float64(n+1) / 2 // the mean of any average-rank vector
	var sxy, sxx, syy float64
	for i := range rx {
		dx, dy := rx[i]-m, ry[i]-m
		sxy += dx * dy
		sxx += dx * dx
		syy += dy * dy
	}
	return sxy / math.Sqrt(sxx*syy)
}

// kendall is Knight's algorithm: sort by (x, y), count x ties and joint ties, count the
// discordant pairs as the swaps of a merge sort by y, then count y ties.
func (sc *rankScratch) kendall(x, y []float64) float64 {
	n := len(x)
	if n < 2 {
		return math.NaN()
	}
	idx := sc.order(x, y)
	var tx, txy int64
	for i := 0; i < n; {
		j := i
		for j+1 < n && x[idx[j+1]] == x[idx[i]] {
			j++
		}
		t := int64(j - i + 1)
		tx += t * (t - 1) / 2
		for k := i; k <= j; {
			l := k
			for l+1 <= j && y[idx[l+1]] == y[idx[k]] {
				l++
			}
			u := int64(l - k + 1)
			txy += u * (u - 1) / 2
			k = l + 1
		}
		i = j + 1
	}
	swaps := mergeCount(idx, sc.tmp[:n], y)
	var ty int64
	for i := 0; i < n; {
		j := i
		for j+1 < n && y[idx[j+1]] == y[idx[i]] {
			j++
		}
		t := int64(j - i + 1)
		ty += t * (t - 1) / 2
		i = j + 1
	}
	n0 := int64(n) * int64(n-1) / 2
	s := n0 - tx - ty + txy - 2*swaps
	return float64(s) / math.Sqrt(float64(n0-tx)*float64(n0-ty))
}

// mergeCount sorts idx by y (stable, bottom-up merge sort) and returns the number of
// inversions, i.e. pairs strictly out of order in y.
func mergeCount(idx, tmp []int, y []float64) int64 {
	n := len(idx)
	var swaps int64
	src, dst := idx, tmp
	for width := 1; width < n; width *= 2 {
		for lo := 0; lo < n; lo += 2 * width {
			mid := min(lo+width, n)
			hi := min(lo+2*width, n)
			i, j, k := lo, mid, lo
			for i < mid && j < hi {
				if y[src[j]] < y[src[i]] {
					dst[k] = src[j]
					swaps += int64(mid - i)
					j++
				} else {
					dst[k] = src[i]
					i++
				}
				k++
			}
			k += copy(dst[k:], src[i:mid])
			copy(dst[k:], src[j:hi])
		}
		src, dst = dst, src
	}
	if &src[0] != &idx[0] {
		copy(idx, src)
	}
	return swaps
}

// RankCorrelations returns a two-output statistic, Kendall τ-b (out[0]) and Spearman ρ
// (out[1]), between two leaderboards scored on the same units: item j (a configuration) scores
// a[j] under the first and b[j] under the second (e.g. ECS under two policies). Resampling it
// resamples cases or clusters and recomputes both rankings, not the items.
func RankCorrelations(a, b []Ratio) (Statistic, error) {
	if len(a) != len(b) {
		return nil, fmt.Errorf("bootstrap: rank correlations: %d items in a, %d in b", len(a), len(b))
	}
	if len(a) < 2 {
		return nil, fmt.Errorf("bootstrap: rank correlations: %d items, want at least 2", len(a))
	}
	all := append(slices.Clone(a), b...)
	for i, r := range all {
		if err := r.check(fmt.Sprintf("rank correlations: item %d", i%len(a)), len(all[0].Num)); err != nil {
			return nil, err
		}
	}
	m := len(a)
	pool := sync.Pool{New: func() any {
		return &rankBuf{x: make([]float64, m), y: make([]float64, m)}
	}}
	return func(w, out []float64) {
		buf := pool.Get().(*rankBuf)
		defer pool.Put(buf)
		for j := range m {
			buf.x[j] = weightedRatio(a[j], w)
			buf.y[j] = weightedRatio(b[j], w)
		}
		if slices.ContainsFunc(buf.x, bad) || slices.ContainsFunc(buf.y, bad) {
			out[0], out[1] = math.NaN(), math.NaN()
			return
		}
		out[0] = buf.sc.kendall(buf.x, buf.y)
		out[1] = buf.sc.spearman(buf.x, buf.y)
	}, nil
}

type rankBuf struct {
	x, y []float64
	sc   rankScratch
}

func weightedRatio(r Ratio, w []float64) float64 {
	num, den := r.Num[:len(w)], r.Den[:len(w)]
	var n, d float64
	for u, wu := range w {
		n += float64(wu * num[u])
		d += float64(wu * den[u])
	}
	return n / d
}
