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
func sampleStd(xs []float64) float64 {
	m := meanOf(xs)
	s, n := 0.0, 0
	for _, x := range xs {
		if !math.IsNaN(x) {
			s += (x - m) * (x - m)
			n++
		}
	}
	if n < 2 {
		return math.NaN()
	}
	return math.Sqrt(s / float64(n-1))
}
