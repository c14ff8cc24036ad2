package bootstrap

import (
	"fmt"
	"sync"
)

// SumStat is a statistic that depends on the unit weights only through weighted column sums,
// S_j = Σ_u w_u·X[u][j]: a ratio of sums, a difference of ratios, a macro mean. Units whose
// columns are all equal are then exchangeable, which is what lets [ResampleSums] draw how many
// units of each value class a resample holds instead of drawing the units one by one.
type SumStat struct {
	units, cols, outs int
	x                 []float64              // unit-major: x[u*cols+j]
	sparse            *sparseRows            // x's non-zero entries when wide and sparse
	packed            *packedRows            // x as packed integers when wide and small-integer
	f                 func(s, out []float64) // the outputs from the column sums
	pool              sync.Pool              // *sumScratch for Statistic
}

// NewSumStat builds the statistic out = f(S) with S_j = Σ_u w_u·columns[j][u]. Every column has
// one finite value per unit; f receives len(columns) sums and writes nOut values. f must not
// keep or modify s and, like a [Statistic], must be safe to call from several goroutines.
func NewSumStat(columns [][]float64, nOut int, f func(s, out []float64)) (*SumStat, error) {
	if len(columns) == 0 {
		return nil, fmt.Errorf("bootstrap: sum statistic without columns")
	}
	if f == nil {
		return nil, fmt.Errorf("bootstrap: sum statistic without a function")
	}
	if nOut < 1 {
		return nil, fmt.Errorf("bootstrap: outputs %d must be at least 1", nOut)
	}
	n := len(columns[0])
	if n < 1 || n > MaxUnits {
		return nil, fmt.Errorf("bootstrap: units %d out of range [1, %d]", n, MaxUnits)
	}
	c := len(columns)
	if int64(n)*int64(c) > MaxResamples {
		return nil, fmt.Errorf("bootstrap: %d units × %d columns is too large", n, c)
	}
	s := &SumStat{units: n, cols: c, outs: nOut, f: f, x: make([]float64, n*c)}
	for j, col := range columns {
		if len(col) != n {
			return nil, fmt.Errorf("bootstrap: column %d has %d units, column 0 has %d", j, len(col), n)
		}
		for u, v := range col {
			if bad(v) {
				return nil, fmt.Errorf("bootstrap: column %d, unit %d: %v is not finite", j, u, v)
			}
			s.x[u*c+j] = v + 0 // +0 turns -0 into 0, so equal values have equal bits (classes)
		}
	}
	s.sparse = newSparseRows(s.x, n, c)
	s.packed = newPackedRows(s.x, n, c, n)
	if s.packed.cheaperThan(s.sparse) {
		s.sparse = nil
	} else {
		s.packed = nil
	}
	s.pool.New = func() any { return newSumScratch(c, n) }
	return s, nil
}

// sumScratch is one evaluation's working memory: the column sums, and the packed sums'
// words (fewer than the columns) and integer weights (one per row).
type sumScratch struct {
	sums    []float64
	acc, iw []uint64
}

func newSumScratch(cols, rows int) *sumScratch {
	return &sumScratch{sums: make([]float64, cols), acc: make([]uint64, cols), iw: make([]uint64, rows)}
}

// Statistic returns the statistic as a function of unit weights, for [Resample] or a direct
// evaluation.
func (s *SumStat) Statistic() Statistic {
	return func(w, out []float64) {
		p := s.pool.Get().(*sumScratch)
		s.eval(p, w, out)
		s.pool.Put(p)
	}
}

// perWorker is Statistic with scratch of its own instead of a pool, for one goroutine.
func (s *SumStat) perWorker() Statistic {
	sc := newSumScratch(s.cols, s.units)
	return func(w, out []float64) { s.eval(sc, w, out) }
}

// eval computes the outputs at weights w (one per row of x) with sc as scratch.
func (s *SumStat) eval(sc *sumScratch, w, out []float64) {
	sums := sc.sums
	switch {
	case s.packed != nil && s.packed.sums(sums, sc.acc, sc.iw, w):
	case s.sparse != nil:
		s.sparse.sums(sums, w)
	default:
		weightedSums(sums, s.x, s.cols, w)
	}
	s.f(sums, out)
}

// weightedSums sets s[j] = Σ_u w[u]·x[u*cols+j]. Each product is wrapped in float64(): an
// explicit conversion forbids fusing the multiply and add (Go spec, "Floating-point
// operators"), so arm64 and amd64 give the same bits. The common widths (one ratio, two
// ratios) run two units per step into independent accumulators: the loop is bound by
// floating-point add latency, not by loads.
func weightedSums(s, x []float64, cols int, w []float64) {
	n := len(w)
	x = x[:n*cols]
	switch cols {
	case 2:
		var n0, d0, n1, d1 float64
		u := 0
		for ; u+1 < n; u += 2 {
			p := x[2*u : 2*u+4 : 2*u+4]
			w0, w1 := w[u], w[u+1]
			n0 += float64(w0 * p[0])
			d0 += float64(w0 * p[1])
			n1 += float64(w1 * p[2])
			d1 += float64(w1 * p[3])
		}
		if u < n {
			n0 += float64(w[u] * x[2*u])
			d0 += float64(w[u] * x[2*u+1])
		}
		s[0], s[1] = n0+n1, d0+d1
	case 4:
		var an, ad, bn, bd, an1, ad1, bn1, bd1 float64
		u := 0
		for ; u+1 < n; u += 2 {
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
		if u < n {
			p := x[4*u : 4*u+4 : 4*u+4]
			an += float64(w[u] * p[0])
			ad += float64(w[u] * p[1])
			bn += float64(w[u] * p[2])
			bd += float64(w[u] * p[3])
		}
		s[0], s[1], s[2], s[3] = an+an1, ad+ad1, bn+bn1, bd+bd1
	default:
		weightedSumsWide(s, x, cols, w)
	}
}
