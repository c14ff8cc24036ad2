package analysis

import "math"

// exactSum adds float64 values exactly and rounds their sum correctly (Shewchuk's
// algorithm, as Python's math.fsum), so that the sum is the same in whatever order the
// values come. The partials are non-overlapping and increasing in magnitude; their exact
// total is the exact sum. A non-finite value makes the sum plain float addition.
type exactSum struct {
	partials []float64
	special  float64 // the plain sum of the values, once one is not finite
	inf      bool
}

// add adds x and returns the correctly rounded sum so far.
func (s *exactSum) add(x float64) float64 {
	if s.inf || math.IsInf(x, 0) || math.IsNaN(x) {
		if !s.inf {
			s.inf, s.special = true, s.round()
		}
		s.special += x
		return s.special
	}
	i := 0
	for _, y := range s.partials {
		if math.Abs(x) < math.Abs(y) {
			x, y = y, x
		}
		hi := x + y
		lo := y - (hi - x)
		if lo != 0 {
			s.partials[i] = lo
			i++
		}
		x = hi
	}
	s.partials = append(s.partials[:i], x)
	return s.round()
}

// round is the partials' exact total rounded to the nearest float64, ties to even.
func (s *exactSum) round() float64 {
	p := s.partials
	n := len(p)
	if n == 0 {
		return 0
	}
	n--
	hi, lo := p[n], 0.0
	for n > 0 {
		x := hi
		n--
		y := p[n]
		hi = x + y
		yr := hi - x
		lo = y - yr
		if lo != 0 {
			break
		}
	}
	// Half-way between two floats: the partials below decide the direction.
	if n > 0 && (lo < 0 && p[n-1] < 0 || lo > 0 && p[n-1] > 0) {
		y := lo * 2
		x := hi + y
		if yr := x - hi; y == yr {
			hi = x
		}
	}
	return hi
}
