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
func RankCorrelations(a, b []Ratio) (Statistic, error) { return RankCorrelationsEach(a, b) }

// RankCorrelationsEach is RankCorrelations of one leaderboard a against each of bs from the
// same draw: outputs 2i and 2i+1 are τ-b and ρ against bs[i], the values RankCorrelations(a,
// bs[i]) gives at the same weights. Columns equal in content (a's ECS and its episode counts,
// shared by every b) are summed once per evaluation, each in unit order as RankCorrelations
// sums it, so the bits are the same.
func RankCorrelationsEach(a []Ratio, bs ...[]Ratio) (Statistic, error) {
	if len(bs) == 0 {
		return nil, fmt.Errorf("bootstrap: rank correlations: no leaderboard to compare with")
	}
	for _, b := range bs {
		if len(a) != len(b) {
			return nil, fmt.Errorf("bootstrap: rank correlations: %d items in a, %d in b", len(a), len(b))
		}
	}
	if len(a) < 2 {
		return nil, fmt.Errorf("bootstrap: rank correlations: %d items, want at least 2", len(a))
	}
	all := slices.Clone(a)
	for _, b := range bs {
		all = append(all, b...)
	}
	for i, r := range all {
		if err := r.check(fmt.Sprintf("rank correlations: item %d", i%len(a)), len(all[0].Num)); err != nil {
			return nil, err
		}
	}
	m := len(a)
	var cols columnSet
	ratios := make([][2]int, len(all)) // per item of a, then of each b: its num and den sums
	for i, r := range all {
		ratios[i] = [2]int{cols.add(r.Num), cols.add(r.Den)}
	}
	pool := sync.Pool{New: func() any {
		return &rankBuf{x: make([]float64, m), y: make([]float64, m), sums: make([]float64, len(cols.cols))}
	}}
	return func(w, out []float64) {
		buf := pool.Get().(*rankBuf)
		defer pool.Put(buf)
		cols.sums(buf.sums, w)
		ratio := func(i int) float64 { return buf.sums[ratios[i][0]] / buf.sums[ratios[i][1]] }
		for j := range m {
			buf.x[j] = ratio(j)
		}
		xBad := slices.ContainsFunc(buf.x, bad)
		for i := range bs {
			for j := range m {
				buf.y[j] = ratio((i+1)*m + j)
			}
			if xBad || slices.ContainsFunc(buf.y, bad) {
				out[2*i], out[2*i+1] = math.NaN(), math.NaN()
				continue
			}
			out[2*i] = buf.sc.kendall(buf.x, buf.y)
			out[2*i+1] = buf.sc.spearman(buf.x, buf.y)
		}
	}, nil
}

type rankBuf struct {
	x, y, sums []float64
	sc         rankScratch
}

// columnSet holds distinct columns of unit values, each summed once per weighting.
type columnSet struct {
	cols [][]float64
}

// add returns the index of the column equal to c, adding it when new.
func (cs *columnSet) add(c []float64) int {
	for i, d := range cs.cols {
		if slices.Equal(c, d) {
			return i
		}
	}
	cs.cols = append(cs.cols, c)
	return len(cs.cols) - 1
}

// sums sets s[i] = Σ_u w[u]·cols[i][u], each sum added up in unit order with every product
// rounded on its own (float64(): no fused multiply-add). Four columns share a pass over the
// weights: their sums are independent, so the additions overlap instead of waiting on one
// another, and each keeps its own order.
func (cs *columnSet) sums(s, w []float64) {
	n := len(w)
	i := 0
	for ; i+4 <= len(cs.cols); i += 4 {
		c0, c1, c2, c3 := cs.cols[i][:n], cs.cols[i+1][:n], cs.cols[i+2][:n], cs.cols[i+3][:n]
		var s0, s1, s2, s3 float64
		for u, wu := range w {
			s0 += float64(wu * c0[u])
			s1 += float64(wu * c1[u])
			s2 += float64(wu * c2[u])
			s3 += float64(wu * c3[u])
		}
		s[i], s[i+1], s[i+2], s[i+3] = s0, s1, s2, s3
	}
	for ; i < len(cs.cols); i++ {
		c := cs.cols[i][:n]
		var v float64
		for u, wu := range w {
			v += float64(wu * c[u])
		}
		s[i] = v
	}
}
