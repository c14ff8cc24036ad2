package bootstrap

import "math"

// The class counts of a resample are drawn as a chain of binomials, each by inversion
// searched from its mode. The searches start from P(mode) and F(mode) = P(X ≤ mode), which
// are tabulated per class for every plausible number of remaining units, so a draw costs one
// uniform and about 0.8 standard deviations of steps, each a few multiplications, and the
// tables stay small enough for the first-level cache.

// modePoint is a binomial's mode with its probability and CDF.
type modePoint struct {
	j    int
	p, f float64
}

// binomialMode computes Binomial(m, p)'s mode, P(mode) and F(mode) directly, from the ratio
// recursion P(j±1)/P(j) started at the mode (where the terms are largest, so nothing
// overflows and no log-gamma enters) and normalised by the sum. Terms below 2^-64 of the
// mode's are left out: they carry less than 1e-17 in all, under a 53-bit uniform's resolution.
func binomialMode(m int, p float64) modePoint {
	mode := min(int(float64(m+1)*p), m)
	if m == 0 {
		return modePoint{0, 1, 1}
	}
	r := p / (1 - p)
	below, above := 0.0, 0.0
	v := 1.0
	for j := mode; j > 0; j-- {
		v *= float64(j) / (float64(m-j+1) * r)
		if v < 0x1p-64 {
			break
		}
		below += v
	}
	v = 1
	for j := mode; j < m; j++ {
		v *= float64(m-j) / float64(j+1) * r
		if v < 0x1p-64 {
			break
		}
		above += v
	}
	total := below + 1 + above
	return modePoint{mode, 1 / total, (below + 1) / total}
}

// modeRange holds the mode points of one class for m in [lo, lo+len(at)).
type modeRange struct {
	lo int
	at []modePoint
}

// reanchor is how many steps of the m-recurrence run before a direct computation resets
// its rounding.
const reanchor = 64

// newModeRange tabulates Binomial(m, p)'s mode points for m in [lo, hi] with the exact
// recurrences in m, P_{m+1}(j) = P_m(j)·(m+1)/(m+1−j)·q and F_{m+1}(j) = F_m(j) − p·P_m(j),
// moving to the next mode with P(j+1) = P(j)·(m+1−j)/(j+1)·p/q when it shifts.
func newModeRange(lo, hi int, p float64) modeRange {
	q, r := 1-p, p/(1-p)
	mr := modeRange{lo: lo, at: make([]modePoint, hi-lo+1)}
	var pt modePoint
	for i := range mr.at {
		m := lo + i
		if i%reanchor == 0 {
			pt = binomialMode(m, p)
		} else {
			j := pt.j // the mode at m−1
			f := pt.f - p*pt.p
			pm := pt.p * float64(m) / float64(m-j) * q
			if next := min(int(float64(m+1)*p), m); next > j {
				pm *= float64(m-j) / float64(j+1) * r
				j++
				f += pm
			}
			pt = modePoint{j, pm, f}
		}
		mr.at[i] = pt
	}
	return mr
}

// multinomial draws n units' class counts: class k takes c_k ~ Binomial(m_k, p_k) of the m_k
// units not yet assigned, p_k = size_k / (size_k + … + size_{K−1}), and the last class takes
// the rest. That is the multinomial(n; size_k/n) distribution of the class totals of n
// uniform unit draws.
type multinomial struct {
	n       int
	k       int
	classes []chainClass // per class k < K−1
	inv     []float64    // inv[i] = 1/i: the searches multiply instead of divide
}

// chainClass holds what class k's binomial needs, together so that a draw touches one line.
type chainClass struct {
	p, r, rinv float64     // p_k, p_k/q_k, q_k/p_k
	guide      *guideTable // CDF rows for the likeliest m_k; nil: always search
	modeRange              // mode points for the plausible m_k
}

func newChainClass(p float64, lo, hi int) chainClass {
	return chainClass{p: p, r: p / (1 - p), rinv: (1 - p) / p, modeRange: newModeRange(lo, hi, p)}
}

// maxChainUnits bounds n for drawing class counts (the reciprocal table holds n+1 values).
const maxChainUnits = 1 << 20

// modeSpan is how many standard deviations of m_k the mode points cover on each side. m_k is
// itself Binomial(n, share of classes k…K−1), so ±7 hold all but ~3e-12 of its mass; outside
// them a mode point is computed directly when needed (exact, only slower).
const modeSpan = 7

// maxModePoints bounds the mode points of one chain (24 bytes each); above it ResampleSums
// draws the units and counts their classes.
const maxModePoints = 1 << 20

// newMultinomial prepares the chain for classes of the given sizes (all ≥ 1); nil when it
// would need more than maxModePoints mode points.
func newMultinomial(sizes []int) *multinomial {
	n := 0
	for _, s := range sizes {
		n += s
	}
	K := len(sizes)
	type span struct{ lo, hi int }
	spans := make([]span, 0, max(K-1, 0))
	rest, points := n, 0
	for k := 0; k < K-1; k++ {
		share := float64(rest) / float64(n)
		mean := float64(n) * share
		sd := math.Sqrt(float64(n) * share * (1 - share))
		lo := max(0, int(mean-modeSpan*sd)-1)
		hi := min(n, int(mean+modeSpan*sd)+1)
		if points += hi - lo + 1; points > maxModePoints {
			return nil
		}
		spans = append(spans, span{lo, hi})
		rest -= sizes[k]
	}
	mn := &multinomial{n: n, k: K, inv: reciprocals(n)}
	rest = n
	budget := maxGuideBytes
	for k, sp := range spans {
		c := newChainClass(float64(sizes[k])/float64(rest), sp.lo, sp.hi)
		// Guide rows for m_k within guideSpanM standard deviations of its mean, rest.
		sd := math.Sqrt(float64(n) * float64(rest) / float64(n) * (1 - float64(rest)/float64(n)))
		mlo, mhi := max(1, int(float64(rest)-guideSpanM*sd)), min(n, int(float64(rest)+guideSpanM*sd)+1)
		if g := newGuideTable(c.p, mlo, mhi); g != nil && budget >= g.bytes() {
			c.guide = g
			budget -= g.bytes()
		}
		mn.classes = append(mn.classes, c)
		rest -= sizes[k]
	}
	return mn
}

// binomial is the search for one class; inv holds at least m+2 reciprocals.
func (c *chainClass) binomial(m int, u float64, inv []float64) int {
	if c.guide != nil {
		if j, ok := c.guide.draw(m, u); ok {
			return j
		}
	}
	var pt modePoint
	if i := m - c.lo; i >= 0 && i < len(c.at) {
		pt = c.at[i]
	} else {
		pt = binomialMode(m, c.p)
	}
	j, P, F := pt.j, pt.p, pt.f
	inv = inv[:m+2]
	if u < F {
		rinv := c.rinv
		for j > 0 {
			below := F - P // F(j−1)
			if below <= u {
				return j
			}
			P *= float64(j) * rinv * inv[m-j+1] // P(j−1)
			F = below
			j--
		}
		return 0
	}
	r := c.r
	for j < m {
		j++
		P *= float64(m-j+1) * r * inv[j] // P(j) from P(j−1)
		F += P
		if F > u {
			return j
		}
	}
	return m
}

// reciprocals returns 1/i for i in [1, n+1] (index 0 unused).
func reciprocals(n int) []float64 {
	inv := make([]float64, n+2)
	for i := 1; i < len(inv); i++ {
		inv[i] = 1 / float64(i)
	}
	return inv
}

// uniform53 maps a 64-bit output to [0, 1) with 53 random bits.
func uniform53(x uint64) float64 { return float64(x>>11) * 0x1p-53 }

// draw sets c[k] to the count of class k in one resample. Class k < K−1 uses the k-th output
// of the SplitMix64 sequence at seed (x_k = mix(seed + (k+1)·γ)), whether or not units remain.
func (mn *multinomial) draw(seed uint64, c []float64) {
	rem := mn.n
	c = c[:mn.k]
	for k := range mn.classes {
		seed += golden
		x := mix64(seed)
		v := 0
		if rem > 0 {
			v = mn.classes[k].binomial(rem, uniform53(x), mn.inv)
		}
		c[k] = float64(v)
		rem -= v
	}
	c[mn.k-1] = float64(rem)
}

// draw2 is draw for two replicates at once, seeds sa and sb into ca and cb: the two chains
// do not depend on each other, so their searches overlap where one chain's would wait on
// its previous class. Each count is the one draw gives.
func (mn *multinomial) draw2(sa, sb uint64, ca, cb []float64) {
	ra, rb := mn.n, mn.n
	ca, cb = ca[:mn.k], cb[:mn.k]
	for k := range mn.classes {
		sa += golden
		sb += golden
		ua, ub := uniform53(mix64(sa)), uniform53(mix64(sb))
		cl := &mn.classes[k]
		va, vb := 0, 0
		if ra > 0 {
			va = cl.binomial(ra, ua, mn.inv)
		}
		if rb > 0 {
			vb = cl.binomial(rb, ub, mn.inv)
		}
		ca[k], cb[k] = float64(va), float64(vb)
		ra -= va
		rb -= vb
	}
	ca[mn.k-1], cb[mn.k-1] = float64(ra), float64(rb)
}
