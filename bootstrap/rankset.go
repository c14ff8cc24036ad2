package bootstrap

import (
	"fmt"
	"math"
	"slices"
)

// RankOptions configures RankSets. The zero value is csranks' default: simultaneous,
// two-sided, stepwise, level 0.95, rank 1 the largest estimate.
type RankOptions struct {
	Level      float64 // joint (or, with Marginal, per-item) coverage; 0 means DefaultLevel
	Marginal   bool    // one set per item, each covering that item's rank alone (csranks simul = FALSE)
	SingleStep bool    // no stepdown (csranks stepdown = FALSE): wider, one critical value
	Ascending  bool    // rank 1 is the smallest estimate (e.g. an error rate)
}

// RankSet is a confidence set for one item's rank: every rank in [Lo, Hi], 1-based.
type RankSet struct{ Lo, Hi int }

// RankResult holds the rank confidence sets of p items.
type RankResult struct {
	Options  RankOptions // with the default level filled in
	Rank     []int       // the estimated rank, 1 + #items strictly better (ties share the best rank)
	Sets     []RankSet
	Critical []float64 // the last critical value per item (all equal for simultaneous sets)
	Steps    int       // stepdown rounds (the most over items for marginal sets)
	Used     int       // replicates used
	Dropped  int       // replicates left out because some item was not finite in them
}

// Overlap reports whether items i and j have overlapping rank sets: the data cannot order them.
func (r *RankResult) Overlap(i, j int) bool {
	a, b := r.Sets[i], r.Sets[j]
	return a.Lo <= b.Hi && b.Lo <= a.Hi
}

// TieGroups partitions the items into groups linked by overlapping rank sets (the connected
// components of the overlap relation, so a chain a~b~c is one group even when a and c do not
// overlap). Groups are ordered by their best estimated rank, items within a group by rank
// and then index.
func (r *RankResult) TieGroups() [][]int {
	p := len(r.Sets)
	order := make([]int, p)
	for i := range order {
		order[i] = i
	}
	// Sorted by Lo, a component is a run whose next Lo is within the run's largest Hi.
	slices.SortStableFunc(order, func(a, b int) int {
		if c := r.Sets[a].Lo - r.Sets[b].Lo; c != 0 {
			return c
		}
		return r.Rank[a] - r.Rank[b]
	})
	var groups [][]int
	for i := 0; i < p; {
		hi, j := r.Sets[order[i]].Hi, i+1
		for j < p && r.Sets[order[j]].Lo <= hi {
			hi = max(hi, r.Sets[order[j]].Hi)
			j++
		}
		g := slices.Clone(order[i:j])
		slices.SortStableFunc(g, func(a, b int) int { return r.Rank[a] - r.Rank[b] })
		groups = append(groups, g)
		i = j
	}
	slices.SortStableFunc(groups, func(a, b []int) int { return r.Rank[a[0]] - r.Rank[b[0]] })
	return groups
}

// Columns adapts a replicate matrix, reps[j] the replicates of item j, to RankSets.
func Columns(reps [][]float64) func(j int) []float64 {
	return func(j int) []float64 { return reps[j] }
}

// RankSets computes confidence sets for the ranks of p items from their estimates and
// bootstrap replicates drawn on shared units (replicate b of every item from the same
// case-paired draw; reps(j) returns item j's replicates, e.g. Result.Replicates). It is the
// max-|t| procedure of Mogstad, Romano, Shaikh & Wilhelm (2024), as R's csranks computes it
// with the bootstrap distribution in place of csranks' normal draws:
//
//	d_jk = θ̂_j − θ̂_k, σ_jk = sd over b of (θ*_bj − θ*_bk), Z_bj = θ*_bj − θ̂_j
//	I    = the ordered pairs (j, k), j ≠ k, of interest (all of them; for a marginal set of
//	       item i those with j = i or k = i)
//	c    = the Level quantile (type 7) over b of max_{(j,k)∈I} (Z_bj − Z_bk)/σ_jk, floored at 0
//	reject (j, k), "θ_j > θ_k", when d_jk − σ_jk·c > 0 (a margin within rounding of 0 is
//	       0: the tie c = d_jk/σ_jk that a replicate with θ*_j = θ*_k gives is no rejection);
//	       drop the rejected pairs from I
//	       and repeat until nothing new is rejected (one round with SingleStep)
//	set  = [1 + #{k: (k, j) rejected}, p − #{j: (j, k) rejected}]
//
// Since I holds both orientations of each pair, the one-sided maximum is csranks' two-sided
// max |t|. A pair with σ_jk = 0 moves together in every replicate: it is rejected exactly
// when d_jk > 0 (the limit of the rule) and left out of the maximum. Replicates in which an
// item is not finite are dropped and counted; at least two must remain.
func RankSets(est []float64, reps func(j int) []float64, opt RankOptions) (*RankResult, error) {
	p := len(est)
	if p < 1 {
		return nil, fmt.Errorf("bootstrap: rank sets: no items")
	}
	if opt.Level == 0 {
		opt.Level = DefaultLevel
	}
	if err := checkLevel(opt.Level); err != nil {
		return nil, err
	}
	if err := checkFinite("estimate", est); err != nil {
		return nil, err
	}
	sign := 1.0 // rank by −θ when rank 1 is the smallest
	if opt.Ascending {
		sign = -1
	}
	cols := make([][]float64, p)
	for j := range cols {
		cols[j] = reps(j)
		if len(cols[j]) != len(cols[0]) {
			return nil, fmt.Errorf("bootstrap: rank sets: item %d has %d replicates, item 0 has %d", j, len(cols[j]), len(cols[0]))
		}
	}
	z, used := centred(est, cols, sign)
	res := &RankResult{Options: opt, Rank: make([]int, p), Sets: make([]RankSet, p),
		Critical: make([]float64, p), Used: used, Dropped: len(cols[0]) - used}
	if used < 2 {
		return nil, fmt.Errorf("bootstrap: rank sets: %d usable replicates (of %d), want at least 2", used, len(cols[0]))
	}
	d := make([]float64, p*p) // d[j*p+k] = sign·(θ̂_j − θ̂_k)
	for j := range p {
		res.Rank[j] = 1
		for k := range p {
			d[j*p+k] = sign * (est[j] - est[k])
			if sign*(est[k]-est[j]) > 0 {
				res.Rank[j]++
			}
		}
	}
	sd := pairSD(z, p, used)
	if !opt.Marginal {
		rej, c, steps := rejectPairs(z, d, sd, p, used, opt, func(j, k int) bool { return true })
		for j := range p {
			res.Sets[j] = setFrom(rej, p, j)
			res.Critical[j] = c
		}
		res.Steps = steps
		return res, nil
	}
	for i := range p {
		rej, c, steps := rejectPairs(z, d, sd, p, used, opt, func(j, k int) bool { return j == i || k == i })
		res.Sets[i] = setFrom(rej, p, i)
		res.Critical[i] = c
		res.Steps = max(res.Steps, steps)
	}
	return res, nil
}

// centred returns the rows Z_b = sign·(θ*_b − θ̂) of the replicates in which every item is
// finite (row-major, p per row) and how many there are.
func centred(est []float64, cols [][]float64, sign float64) ([]float64, int) {
	p, B := len(est), len(cols[0])
	z := make([]float64, 0, p*B)
	row := make([]float64, p)
next:
	for b := range B {
		for j := range p {
			v := cols[j][b]
			if !finiteF(v) {
				continue next
			}
			row[j] = sign * (v - est[j])
		}
		z = append(z, row...)
	}
	return z, len(z) / max(p, 1)
}

// pairSD is σ_jk, the sample standard deviation (ddof = 1, as R's cov) of Z_j − Z_k.
func pairSD(z []float64, p, n int) []float64 {
	sd := make([]float64, p*p)
	for j := range p {
		for k := j + 1; k < p; k++ {
			var mean, m2 float64
			for b := range n {
				v := z[b*p+j] - z[b*p+k]
				dv := v - mean
				mean += dv / float64(b+1)
				m2 += dv * (v - mean)
			}
			s := math.Sqrt(m2 / float64(n-1))
			sd[j*p+k], sd[k*p+j] = s, s
		}
	}
	return sd
}

// rankTol is the relative margin below which d − σ·c counts as 0 (rounding of a tie).
const rankTol = 1e-12

// rejectPairs runs the (stepwise) procedure over the pairs that inI selects and returns the
// rejection matrix (rej[j*p+k]: θ_j > θ_k), the last critical value and the rounds run.
func rejectPairs(z, d, sd []float64, p, n int, opt RankOptions, inI func(j, k int) bool) ([]bool, float64, int) {
	rej := make([]bool, p*p)
	type pair struct {
		j, k   int
		s, inv float64 // σ_jk and 1/σ_jk (a multiply in the inner loop, not a divide)
	}
	var active []pair
	for j := range p {
		for k := range p {
			if j == k || !inI(j, k) {
				continue
			}
			if s := sd[j*p+k]; s > 0 && finiteF(s) {
				active = append(active, pair{j, k, s, 1 / s})
			} else if d[j*p+k] > 0 {
				rej[j*p+k] = true
			}
		}
	}
	maxT := make([]float64, n)
	c, steps := math.NaN(), 0
	for len(active) > 0 {
		steps++
		for b := range n {
			row := z[b*p : (b+1)*p]
			m := math.Inf(-1)
			for _, q := range active {
				if t := (row[q.j] - row[q.k]) * q.inv; t > m {
					m = t
				}
			}
			maxT[b] = m
		}
		sorted := slices.Clone(maxT)
		slices.Sort(sorted)
		// Floored at 0 so a pair is rejected only in the order of its estimates: without it a
		// step whose pairs all have negative t (tiny levels, a handful of replicates) could
		// reject both orders of a pair. csranks does not floor; at usual levels c > 0.
		c = max(0, linearQuantile(sorted, opt.Level))
		kept := active[:0]
		for _, q := range active {
			// With few units the bootstrap distribution has atoms: a replicate in which j and k
			// are equal gives the pair's own t = d/σ, so c can equal d/σ exactly, and then
			// d − σ·c is 0 (no rejection: csranks' test is strict) up to rounding, which
			// decided the set. A margin under rankTol·d is rounding.
			if dq := d[q.j*p+q.k]; dq-q.s*c > rankTol*dq {
				rej[q.j*p+q.k] = true
			} else {
				kept = append(kept, q)
			}
		}
		progress := len(kept) < len(active)
		active = kept
		if opt.SingleStep || !progress {
			break
		}
	}
	return rej, c, steps
}

// setFrom turns the rejections into item j's rank set: above it, the items significantly
// better; below, those significantly worse.
func setFrom(rej []bool, p, j int) RankSet {
	better, worse := 0, 0
	for k := range p {
		if rej[k*p+j] {
			better++
		}
		if rej[j*p+k] {
			worse++
		}
	}
	return RankSet{Lo: 1 + better, Hi: p - worse}
}

// RankSets computes rank confidence sets for the result's outputs (one item per output) from
// its estimates and replicates.
func (r *Result) RankSets(opt RankOptions) (*RankResult, error) {
	return RankSets(r.Estimate, r.Replicates, opt)
}
