package bootstrap

import "math/bits"

// packedRows holds a SumStat's rows as integers packed side by side in 64-bit words, for
// statistics whose columns are small non-negative integers (successes, episodes): a word
// holds several columns, each in a lane wide enough for its largest possible sum, so one
// integer multiply-add per word adds a weighted row to several sums at once.
//
// The sums are the same bits as weightedSums': with integer weights and values every
// product is an integer, and every partial sum of the floating-point loop is an integer
// below 2^53, so exact, whatever the order of the additions; the lanes hold the same
// integers. Weights that are not non-negative integers summing to at most maxWeight (a
// resample's counts sum to the units drawn) are refused at evaluation, and the caller
// sums in floating point instead.
type packedRows struct {
	words     int      // words per row
	maxWeight uint64   // the most the weights may sum to
	x         []uint64 // rows × words, by groups of four words (newPackedRows)
	lane      []packedLane
}

// packedLane is where one column's sum lies: bits [shift, shift+width) of word.
type packedLane struct {
	word  int
	shift uint
	mask  uint64
}

// packMinCols is the width from which packing is considered: the narrow widths have
// unrolled floating-point loops (weightedSums).
const packMinCols = 5

// newPackedRows packs x (rows of cols values) when every value is a non-negative integer
// whose column sum, at weights summing to maxWeight, fits in 32 bits, and the packed row
// takes at most half the words a row of floats does; nil otherwise.
func newPackedRows(x []float64, rows, cols, maxWeight int) *packedRows {
	if cols < packMinCols || maxWeight < 1 {
		return nil
	}
	colMax := make([]uint64, cols)
	for i, v := range x[:rows*cols] {
		if v < 0 || v > 1<<32 || v != float64(uint64(v)) {
			return nil
		}
		colMax[i%cols] = max(colMax[i%cols], uint64(v))
	}
	p := &packedRows{maxWeight: uint64(maxWeight), lane: make([]packedLane, cols)}
	used := uint(64) // bits used in the current word; 64 starts a new one
	for j, m := range colMax {
		hi, top := bits.Mul64(m, uint64(maxWeight))
		width := uint(bits.Len64(top))
		if hi != 0 || width > 32 {
			return nil
		}
		width = max(width, 1)
		if used+width > 64 {
			p.words++
			used = 0
		}
		p.lane[j] = packedLane{word: p.words - 1, shift: used, mask: 1<<width - 1}
		used += width
	}
	if 2*p.words > cols {
		return nil
	}
	// Words in groups of four (the last may hold fewer), each group's rows contiguous: a
	// pass reads one group with a constant stride.
	p.x = make([]uint64, rows*p.words)
	for j, l := range p.lane {
		g, gw := l.word/4*4, min(4, p.words-l.word/4*4) // the group's first word and width
		for u := range rows {
			p.x[rows*g+u*gw+l.word-g] |= uint64(x[u*cols+j]) << l.shift
		}
	}
	return p
}

// sums sets s[j] = Σ_u w[u]·x[u][j] using acc (p.words long) and iw (len(w) long) as
// scratch, and reports false, leaving s unset, when a weight is not a non-negative integer
// or they sum to more than maxWeight. Up to four words are summed in one pass over the
// weights, in registers.
func (p *packedRows) sums(s []float64, acc, iw []uint64, w []float64) bool {
	var total uint64
	iw = iw[:len(w)]
	for u, wu := range w {
		v := int64(wu)
		if float64(v) != wu || uint64(v) > p.maxWeight { // a negative v is above it as uint64
			return false
		}
		iw[u] = uint64(v)
		total += uint64(v)
	}
	if total > p.maxWeight {
		return false
	}
	words, n := p.words, len(iw)
	for k := 0; k < words; k += 4 {
		gw := min(4, words-k)
		a := packedPass(iw, p.x[n*k:n*(k+gw)], gw)
		copy(acc[k:k+gw], a[:gw])
	}
	for j, l := range p.lane {
		s[j] = float64(acc[l.word] >> l.shift & l.mask)
	}
	return true
}

// cheaperThan reports whether p is not nil and costs fewer multiply-adds per evaluation than
// sp, the sparse rows of the same values (any, when sp is nil).
func (p *packedRows) cheaperThan(sp *sparseRows) bool {
	return p != nil && (sp == nil || len(p.x) < len(sp.val))
}

// packedPass sums one group of gw ≤ 4 words over the rows (g holds gw words per row), in a
// function of its own so that the four sums stay in registers.
func packedPass(iw, g []uint64, gw int) [4]uint64 {
	var a0, a1, a2, a3 uint64
	switch gw {
	case 1:
		g = g[:len(iw)]
		for u, c := range iw {
			a0 += c * g[u]
		}
	case 2:
		g = g[:2*len(iw)]
		for u, c := range iw {
			r := g[2*u : 2*u+2 : 2*u+2]
			a0 += c * r[0]
			a1 += c * r[1]
		}
	case 3:
		g = g[:3*len(iw)]
		for u, c := range iw {
			r := g[3*u : 3*u+3 : 3*u+3]
			a0 += c * r[0]
			a1 += c * r[1]
			a2 += c * r[2]
		}
	default:
		g = g[:4*len(iw)]
		for u, c := range iw {
			r := g[4*u : 4*u+4 : 4*u+4]
			a0 += c * r[0]
			a1 += c * r[1]
			a2 += c * r[2]
			a3 += c * r[3]
		}
	}
	return [4]uint64{a0, a1, a2, a3}
}
