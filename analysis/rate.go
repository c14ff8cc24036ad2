package analysis

import "math"

// Rate is a count of successes over a count of trials.
type Rate struct {
	Num, Den int
}

// Value is Num/Den, or NaN when there are no trials (rendered as not applicable).
func (r Rate) Value() float64 {
	if r.Den == 0 {
		return math.NaN()
	}
	return float64(r.Num) / float64(r.Den)
}

// rateDiff is a.Value() − b.Value() rounded once: (a.Num·b.Den − b.Num·a.Den)/(a.Den·b.Den)
// in integers, so that 15/25 − 14/25 is the float nearest 1/25 (the subtraction of the two
// rounded rates left 0.039999999999999925, written 3.99999999999999 in CSV). Counts whose
// products a float does not hold exactly fall back to the subtraction.
func rateDiff(a, b Rate) float64 {
	if a.Den == 0 || b.Den == 0 {
		return math.NaN()
	}
	const exact = 1 << 53
	if x, y := int64(a.Den)*int64(b.Den), max(int64(a.Num)*int64(b.Den), int64(b.Num)*int64(a.Den)); x < exact && y < exact {
		return float64(int64(a.Num)*int64(b.Den)-int64(b.Num)*int64(a.Den)) / float64(x)
	}
	return a.Value() - b.Value()
}

// Pct is the rate in percent.
func (r Rate) Pct() float64 { return 100 * r.Value() }

// Add counts one trial.
func (r *Rate) Add(success bool) { r.addN(success, 1) }

// addN counts n trials alike (an aggregate record's episodes: Record.weight).
func (r *Rate) addN(success bool, n int) {
	r.Den += n
	if success {
		r.Num += n
	}
}

// meanOf averages the finite values; NaN when there are none.
func meanOf(xs []float64) float64 {
	s, n := 0.0, 0
	for _, x := range xs {
		if !math.IsNaN(x) {
			s += x
			n++
		}
	}
	if n == 0 {
		return math.NaN()
	}
	return s / float64(n)
}

// sampleStd is the sample standard deviation (n−1) of the finite values; NaN below two.
// Equal values have SD 0 exactly: their float mean can miss them by an ulp ((0.1 + 0.1 +
// 0.1)/3 is 0.10000000000000002), which left an SD of 1.7e-17, and a resampled SD interval
// of such residues read as a real [0.00, 0.00] where every resample is 0 (degenerate).
func sampleStd(xs []float64) float64 {
	m := meanOf(xs)
	s, n, equal, first := 0.0, 0, true, math.NaN()
	for _, x := range xs {
		if !math.IsNaN(x) {
			s += (x - m) * (x - m)
			if n == 0 {
				first = x
			}
			equal = equal && x == first
			n++
		}
	}
	if n < 2 {
		return math.NaN()
	}
	if equal {
		return 0
	}
	return math.Sqrt(s / float64(n-1))
}
