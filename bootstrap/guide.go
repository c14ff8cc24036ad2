package bootstrap

import "math"

// The chain's searches from the mode spend most of their time in two mispredicted branches
// (which way to go, when to stop). For the counts of remaining units m that a class meets
// most often, guideTable stores each binomial's CDF over the mode ± 3 standard deviations
// with a guide (Chen & Asau 1974): bucket ⌊u·64⌋ names the first outcome whose CDF exceeds the
// bucket's lower end, from which at most a step or two, taken without branches, reach the
// smallest j with F(j) > u. The draw is the same inversion; outside the tabulated m or
// window the search from the mode runs as before.

// guideBuckets is the number of guide buckets per row.
const guideBuckets = 64

// guideSpanM and guideSpanJ are how many standard deviations of m_k, and of the class's count,
// the rows and their windows cover on each side.
const (
	guideSpanM = 2
	guideSpanJ = 3
)

// maxGuideBytes bounds one chain's guide tables, so that they stay in the second-level cache.
const maxGuideBytes = 512 << 10

// guideTable holds rows for m in [mlo, mlo+rows): row r is F(j0_r), F(j0_r+1), …, width
// values, and its guide.
type guideTable struct {
	mlo, rows, width int
	j0               []int32   // per row: the outcome of its first value
	f                []float64 // rows × width
	guide            []uint8   // rows × guideBuckets: index of the first value above b/64
}

// newGuideTable tabulates Binomial(m, p) for m in [mlo, mhi]; nil when a row would be wider
// than a guide index can name.
func newGuideTable(p float64, mlo, mhi int) *guideTable {
	sd := math.Sqrt(float64(mhi) * p * (1 - p))
	w := int(math.Ceil(guideSpanJ * sd))
	width := 2*w + 3 // F(mode−w−1) … F(mode+w+1)
	if width > 255 || mhi < mlo {
		return nil
	}
	g := &guideTable{mlo: mlo, rows: mhi - mlo + 1, width: width}
	g.j0 = make([]int32, g.rows)
	g.f = make([]float64, g.rows*width)
	g.guide = make([]uint8, g.rows*guideBuckets)
	r := p / (1 - p)
	for row := range g.rows {
		m := mlo + row
		mp := binomialMode(m, p)
		j0 := mp.j - w - 1
		f := g.f[row*width : (row+1)*width]
		g.j0[row] = int32(j0)
		// Down from the mode: F(j−1) = F(j) − P(j), P(j−1) = P(j)·j / ((m−j+1)·r).
		P, F := mp.p, mp.f
		for j := mp.j; j >= j0; j-- {
			if i := j - j0; i < width {
				f[i] = max(F, 0)
			}
			if j <= 0 {
				for i := range j - j0 {
					f[i] = 0 // F(j) = 0 below 0
				}
				break
			}
			F -= P
			P *= float64(j) / (float64(m-j+1) * r)
		}
		// Up from the mode: P(j+1) = P(j)·(m−j)/(j+1)·r, F(j+1) = F(j) + P(j+1); 1 from m on.
		P, F = mp.p, mp.f
		for j := mp.j + 1; j < j0+width; j++ {
			if j > m {
				F = 1
			} else {
				P *= float64(m-j+1) / float64(j) * r
				F += P
			}
			f[j-j0] = min(F, 1)
		}
		gd := g.guide[row*guideBuckets : (row+1)*guideBuckets]
		i := 1
		for b := range gd {
			t := float64(b) / guideBuckets
			for i < width-1 && f[i] <= t {
				i++
			}
			gd[b] = uint8(i)
		}
	}
	return g
}

// draw returns the smallest j with F(j) > u for Binomial(m, p), and false when m or u is
// outside the table (the caller then searches from the mode).
func (g *guideTable) draw(m int, u float64) (int, bool) {
	row := m - g.mlo
	if uint(row) >= uint(g.rows) {
		return 0, false
	}
	f := g.f[row*g.width : (row+1)*g.width]
	if u < f[0] || u >= f[len(f)-1] {
		return 0, false
	}
	i := int(g.guide[row*guideBuckets+int(u*guideBuckets)])
	// f[i] ≤ u ⇔ u − f[i] ≥ 0: the sign bit of the difference, without a branch. A step never
	// passes the last value, which exceeds u.
	i += int(1 ^ math.Float64bits(u-f[i])>>63)
	i += int(1 ^ math.Float64bits(u-f[i])>>63)
	for f[i] <= u {
		i++
	}
	return int(g.j0[row]) + i, true
}

// bytes is the table's size.
func (g *guideTable) bytes() int { return len(g.f)*8 + len(g.guide) + len(g.j0)*4 }
