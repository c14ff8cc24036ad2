package bootstrap

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"sync"

	"gonum.org/v1/gonum/stat/distuv"
)

// Interval is a two-sided bootstrap confidence interval for one output.
type Interval struct {
	Lo, Hi   float64
	Level    float64
	Method   Method // the method that produced Lo and Hi (Percentile after a BCa fallback)
	Quantile QuantileMode

	// Fallback is set when BCa was requested but is undefined (bias correction infinite,
	// acceleration not finite, or adjusted levels not finite); Lo and Hi are then percentile.
	Fallback bool
	// Z0 and Accel are BCa's bias correction and acceleration; AdjLo and AdjHi the adjusted
	// levels α₁, α₂ whose quantiles are the endpoints. They are NaN for other methods.
	Z0, Accel, AdjLo, AdjHi float64

	Used    int // finite replicates the interval was computed from
	Dropped int // non-finite replicates ignored
	// Warnings are the caveats the interval function found (the BCa fallback, extreme
	// order statistics, …), each a kind and a sentence; IntervalWarnings adds those that
	// need the estimate or the unit count.
	Warnings []Warning
}

// ErrNoReplicates is returned when no finite replicate is available.
var ErrNoReplicates = errors.New("bootstrap: no finite replicates")

// finiteSorted returns the finite values of reps, sorted, in dst's memory (grown when
// short), and how many were dropped.
func finiteSorted(dst, reps []float64) ([]float64, int) {
	s := slices.Grow(dst[:0], len(reps))
	for _, v := range reps {
		if !math.IsNaN(v) && !math.IsInf(v, 0) {
			s = append(s, v)
		}
	}
	sortFinite(s)
	return s, len(reps) - len(s)
}

// sortedPool holds the interval functions' sorted copies of the replicates: a report
// takes thousands of intervals of 5,000 replicates, and a fresh copy for each was a tenth
// of the report's allocation (so of its collections). No interval keeps its copy.
var sortedPool = sync.Pool{New: func() any { return new([]float64) }}

// sortedCopy is finiteSorted into a pooled buffer; done returns the buffer, after the
// last use of s.
func sortedCopy(reps []float64) (s []float64, dropped int, done func()) {
	buf := sortedPool.Get().(*[]float64)
	s, dropped = finiteSorted(*buf, reps)
	return s, dropped, func() { *buf = s; sortedPool.Put(buf) }
}

// newInterval prepares an Interval skeleton.
func newInterval(level float64, q QuantileMode, used, dropped int) Interval {
	iv := Interval{Level: level, Method: Percentile, Quantile: q, Used: used, Dropped: dropped,
		Z0: math.NaN(), Accel: math.NaN(), AdjLo: math.NaN(), AdjHi: math.NaN()}
	if dropped > 0 {
		iv.addWarning(WarnNonFinite, fmt.Sprintf("%d non-finite replicates ignored", dropped))
	}
	return iv
}

// degenerate reports whether all finite replicates are equal; the interval is then
// undefined (NaN), as in scipy (DegenerateDataWarning) and R's boot.ci ("All values of t are
// equal"), rather than a zero-width [x, x] that looks like certainty. Replicates that differ
// only by the rounding of sums taken in different orders (a resample's weights group equal
// per-unit values such as 2/3 differently) count as equal: sorted, they span at most
// roundingSpread of their magnitude.
func degenerate(iv *Interval, s []float64, m Method) bool {
	return degenerateRange(iv, s[0], s[len(s)-1], len(s), m)
}

// degenerateRange is degenerate for n finite replicates from lo to hi.
func degenerateRange(iv *Interval, lo, hi float64, n int, m Method) bool {
	if lo != hi && !(hi-lo <= roundingSpread*max(math.Abs(lo), math.Abs(hi))) {
		return false
	}
	iv.Lo, iv.Hi, iv.Method = math.NaN(), math.NaN(), m
	iv.addWarning(WarnDegenerate, fmt.Sprintf("all %d finite replicates equal %g: no interval", n, lo))
	return true
}

// roundingSpread is the relative spread of replicates that rounding alone explains: far
// above the error of summing thousands of rates in double precision, far below any
// interval a table prints.
const roundingSpread = 1e-12

// quantilePair returns the quantiles at pLo and pHi and notes extreme order statistics.
func quantilePair(iv *Interval, sorted []float64, pLo, pHi float64) (float64, float64) {
	lo, e1 := Quantile(sorted, pLo, iv.Quantile)
	hi, e2 := Quantile(sorted, pHi, iv.Quantile)
	n := len(sorted)
	if usesExtreme(n, pLo, iv.Quantile, e1) || usesExtreme(n, pHi, iv.Quantile, e2) {
		iv.addWarning(WarnExtremeOrder, "extreme order statistics used as endpoints")
	}
	return lo, hi
}

// tails returns the lower and upper tail probabilities of a two-sided level.
func tails(level float64) (float64, float64) {
	a := (1 - level) / 2
	return a, 1 - a
}

// PercentileInterval is the percentile interval [q_α, q_{1−α}], α = (1−level)/2, of the
// replicates (which it does not modify).
func PercentileInterval(reps []float64, level float64, q QuantileMode) (Interval, error) {
	if err := checkLevel(level); err != nil {
		return Interval{}, err
	}
	if iv, ok := percentileSelected(reps, level, q); ok {
		return iv, nil
	}
	return percentileSorted(reps, level, q)
}

// percentileSorted is PercentileInterval from the sorted replicates.
func percentileSorted(reps []float64, level float64, q QuantileMode) (Interval, error) {
	s, dropped, done := sortedCopy(reps)
	defer done()
	if len(s) == 0 {
		return Interval{}, ErrNoReplicates
	}
	iv := newInterval(level, q, len(s), dropped)
	if !degenerate(&iv, s, Percentile) {
		percentile(&iv, s)
	}
	return iv, nil
}

func percentile(iv *Interval, s []float64) {
	a, b := tails(iv.Level)
	iv.Lo, iv.Hi = quantilePair(iv, s, a, b)
	iv.Method = Percentile
}

// BasicInterval is the basic (reflected percentile) interval [2θ̂ − q_{1−α}, 2θ̂ − q_α].
func BasicInterval(reps []float64, estimate, level float64, q QuantileMode) (Interval, error) {
	if err := checkLevel(level); err != nil {
		return Interval{}, err
	}
	s, dropped, done := sortedCopy(reps)
	defer done()
	if len(s) == 0 {
		return Interval{}, ErrNoReplicates
	}
	iv := newInterval(level, q, len(s), dropped)
	if degenerate(&iv, s, Basic) {
		return iv, nil
	}
	a, b := tails(level)
	qlo, qhi := quantilePair(&iv, s, a, b)
	iv.Lo, iv.Hi = 2*estimate-qhi, 2*estimate-qlo
	iv.Method = Basic
	return iv, nil
}

// BCaInterval is the bias-corrected and accelerated interval from the replicates, the
// observed estimate and the leave-one-unit-out jackknife values jack (at least two, all
// finite). When BCa is undefined it returns the percentile interval with Fallback set.
func BCaInterval(reps []float64, estimate float64, jack []float64, level float64, q QuantileMode) (Interval, error) {
	if err := checkLevel(level); err != nil {
		return Interval{}, err
	}
	s, dropped, done := sortedCopy(reps)
	defer done()
	if len(s) == 0 {
		return Interval{}, ErrNoReplicates
	}
	iv := newInterval(level, q, len(s), dropped)
	if !degenerate(&iv, s, BCa) {
		bca(&iv, s, estimate, jack)
	}
	return iv, nil
}

// bca fills iv from sorted finite replicates; it falls back to percentile when undefined.
func bca(iv *Interval, s []float64, estimate float64, jack []float64) {
	fallback := func(why string) {
		percentile(iv, s)
		iv.Fallback = true
		iv.addWarning(WarnBCaFallback, "BCa undefined ("+why+"); percentile interval reported")
	}
	if math.IsNaN(estimate) || math.IsInf(estimate, 0) {
		fallback("estimate not finite")
		return
	}
	z0 := biasCorrection(s, estimate, iv.Quantile)
	iv.Z0 = z0
	if math.IsInf(z0, 0) || math.IsNaN(z0) {
		fallback("bias correction infinite: all replicates on one side of the estimate")
		return
	}
	a, ok := Acceleration(jack)
	iv.Accel = a
	if !ok {
		fallback("jackknife acceleration not finite")
		return
	}
	N := distuv.UnitNormal
	alo, ahi := tails(iv.Level)
	zlo := N.Quantile(alo)
	zhi := -zlo // scipy negates; R evaluates qnorm at both ends, which is exactly symmetric
	if iv.Quantile == QuantileR {
		zhi = N.Quantile(ahi)
	}
	adj := func(z float64) float64 {
		num := z0 + z
		return N.CDF(z0 + num/(1-a*num))
	}
	iv.AdjLo, iv.AdjHi = adj(zlo), adj(zhi)
	if !(iv.AdjLo >= 0 && iv.AdjLo <= 1 && iv.AdjHi >= 0 && iv.AdjHi <= 1) {
		fallback("adjusted levels not finite")
		return
	}
	iv.Lo, iv.Hi = quantilePair(iv, s, iv.AdjLo, iv.AdjHi)
	iv.Method = BCa
}

// biasCorrection is z0 = Φ⁻¹(share of replicates below the estimate): scipy counts ties as
// half, R counts strictly smaller ones.
func biasCorrection(s []float64, estimate float64, q QuantileMode) float64 {
	below, ties := 0, 0
	for _, v := range s {
		if v < estimate {
			below++
		} else if v == estimate {
			ties++
		}
	}
	var p float64
	if q == QuantileR {
		p = float64(below) / float64(len(s))
	} else {
		p = float64(2*below+ties) / float64(2*len(s))
	}
	return distuv.UnitNormal.Quantile(p)
}

// Acceleration is the BCa acceleration from jackknife values θ₍ᵢ₎:
// a = Σ(θ̄−θ₍ᵢ₎)³ / (6·(Σ(θ̄−θ₍ᵢ₎)²)^{3/2}). ok is false when it is not finite (fewer than two
// values, a non-finite value, or all values equal).
func Acceleration(jack []float64) (a float64, ok bool) {
	if len(jack) < 2 {
		return math.NaN(), false
	}
	var mean float64
	for _, v := range jack {
		mean += v
	}
	mean /= float64(len(jack))
	var num, den float64
	for _, v := range jack {
		d := mean - v
		num += d * d * d
		den += d * d
	}
	a = num / (6 * math.Pow(den, 1.5))
	return a, !math.IsNaN(a) && !math.IsInf(a, 0)
}

// ComputeInterval dispatches to the interval function of method m.
func ComputeInterval(m Method, reps []float64, estimate float64, jack []float64, level float64, q QuantileMode) (Interval, error) {
	switch m {
	case Percentile:
		return PercentileInterval(reps, level, q)
	case Basic:
		return BasicInterval(reps, estimate, level, q)
	case BCa:
		return BCaInterval(reps, estimate, jack, level, q)
	}
	return Interval{}, fmt.Errorf("bootstrap: unknown interval method %d", int(m))
}
