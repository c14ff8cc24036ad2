package bootstrap

import (
	"fmt"
	"math"
	"sync"
	"sync/atomic"
)

// Statistic computes one or more values from unit weights: w[u] is how many times unit u was
// drawn (all ones is the observed data; a zero leaves the unit out). It writes len(out)
// values. Resample calls it from several goroutines at once, so it must not write shared
// state; w and out belong to the caller for the duration of the call only.
type Statistic func(w []float64, out []float64)

// MaxUnits bounds the number of resampled units (cases or clusters), so that a bad count
// cannot exhaust memory; each worker holds one weight per unit.
const MaxUnits = 10_000_000

// blockSize is the number of replicates a worker claims at a time. Seeds are per replicate,
// so it affects only scheduling, never results.
const blockSize = 64

// Result holds a bootstrap's estimates, replicates, jackknife values and intervals.
type Result struct {
	Options   Options    // the options used, defaults filled in
	Units     int        // number of resampled units
	Classes   int        // value classes whose counts were drawn (ResampleSums); 0: units drawn one by one
	Estimate  []float64  // the statistic at unit weights (the observed data), per output
	Intervals []Interval // per output, with Options.Method, Level and Quantile

	outs int
	reps []float64 // output-major: reps[k*B+b]

	// The jackknife costs Units evaluations and only BCa needs it, so it is computed on first
	// use (at once when Options.Method is BCa).
	stat      func() Statistic // one per worker, of the weights below: one per unit, or one per class
	w0        []float64        // the observed weights: all ones, or the class sizes
	unitClass []int32          // unit → class; nil when units are drawn one by one
	jackOnce  sync.Once
	jack      []float64 // output-major: jack[k*Units+u]
	jackErr   error
}

// jackknife computes the leave-one-unit-out values once. With classes, leaving out any unit
// of class k gives the same value (class k's count one below its size), so the statistic is
// evaluated once per class and the value copied to the class's units.
func (r *Result) jackknife() error {
	r.jackOnce.Do(func() {
		n, nOut := len(r.w0), r.outs
		jack := make([]float64, n*nOut)
		r.jackErr = parallel(r.Options.Workers, n, n, nOut, r.stat, func(w, out []float64, _ *drawer, t int) {
			copy(w, r.w0)
			w[t]--
		}, func(k, t int, v float64) { jack[k*n+t] = v })
		if r.jackErr != nil {
			return
		}
		if r.unitClass != nil {
			perUnit := make([]float64, r.Units*nOut)
			for k := range nOut {
				for u, c := range r.unitClass {
					perUnit[k*r.Units+u] = jack[k*n+int(c)]
				}
			}
			jack = perUnit
		}
		r.jack = jack
	})
	return r.jackErr
}

// Outputs is the number of values the statistic returns.
func (r *Result) Outputs() int { return r.outs }

// Replicates returns output k's replicates in replicate order (a view; do not modify).
func (r *Result) Replicates(k int) []float64 {
	if k < 0 || k >= r.outs {
		return nil
	}
	b := r.Options.Resamples
	return r.reps[k*b : (k+1)*b : (k+1)*b]
}

// Jackknife returns output k's leave-one-unit-out values (the statistic with unit u at weight 0
// and every other unit at 1), in unit order (a view; do not modify). It is nil when k is out
// of range or the statistic failed on a leave-one-out weighting.
func (r *Result) Jackknife(k int) []float64 {
	if k < 0 || k >= r.outs || r.jackknife() != nil {
		return nil
	}
	return r.jack[k*r.Units : (k+1)*r.Units : (k+1)*r.Units]
}

// StdErr is the bootstrap standard error of output k: the sample standard deviation
// (ddof = 1, as scipy's standard_error) of its finite replicates; NaN with fewer than two.
func (r *Result) StdErr(k int) float64 {
	var n, mean, m2 float64
	for _, v := range r.Replicates(k) {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			continue
		}
		n++
		d := v - mean
		mean += d / n
		m2 += d * (v - mean)
	}
	if n < 2 {
		return math.NaN()
	}
	return math.Sqrt(m2 / (n - 1))
}

// Interval recomputes output k's interval with another method, level or quantile mode from
// the stored replicates and jackknife values.
func (r *Result) Interval(k int, m Method, level float64, q QuantileMode) (Interval, error) {
	if k < 0 || k >= r.outs {
		return Interval{}, fmt.Errorf("bootstrap: output %d out of range [0, %d)", k, r.outs)
	}
	var jack []float64
	if m == BCa {
		if err := r.jackknife(); err != nil {
			return Interval{}, err
		}
		jack = r.Jackknife(k)
	}
	return ComputeInterval(m, r.Replicates(k), r.Estimate[k], jack, level, q)
}

// Resample runs the unit bootstrap: Options.Resamples times it draws nUnits units with
// replacement, calls stat with the draw counts, and stores the nOut values. It also evaluates
// stat at unit weights (the estimate) and, for BCa, with each unit left out (the jackknife;
// for other methods on first use of Result.Jackknife), and computes every output's interval.
// The result depends only on the statistic, nUnits and the options other than Workers.
// [ResampleSums] is faster for statistics of column sums.
func Resample(nUnits int, stat Statistic, nOut int, opt Options) (*Result, error) {
	if stat == nil {
		return nil, fmt.Errorf("bootstrap: nil statistic")
	}
	if err := checkSizes(nUnits, nOut); err != nil {
		return nil, err
	}
	return run(nUnits, func() Statistic { return stat }, nOut, opt, nil)
}

// run is the engine behind Resample and ResampleSums: with plan nil it draws units, otherwise
// class counts, and hands the statistic one weight per unit or per class. stat gives each
// worker its statistic (which may then keep scratch space without locking).
func run(nUnits int, stat func() Statistic, nOut int, opt Options, plan *classPlan) (*Result, error) {
	opt, err := opt.normalize()
	if err != nil {
		return nil, err
	}
	B := opt.Resamples
	if int64(B)*int64(nOut) > MaxResamples || int64(nUnits)*int64(nOut) > MaxResamples {
		return nil, fmt.Errorf("bootstrap: %d outputs × %d resamples (or units) is too large", nOut, B)
	}
	r := &Result{Options: opt, Units: nUnits, outs: nOut, stat: stat,
		Estimate: make([]float64, nOut),
		reps:     make([]float64, B*nOut)}
	if plan != nil {
		r.Classes, r.unitClass, r.w0 = len(plan.sizes), plan.unitClass, make([]float64, len(plan.sizes))
		for k, s := range plan.sizes {
			r.w0[k] = float64(s)
		}
	} else {
		r.w0 = make([]float64, nUnits)
		for i := range r.w0 {
			r.w0[i] = 1
		}
	}
	if err := safeCall(stat(), r.w0, r.Estimate); err != nil {
		return nil, err
	}
	base := StreamSeed(opt.Seed, opt.Stream)
	// Replicates: each worker claims blocks of replicate indices; replicate b always uses
	// ReplicateSeed(base, b), so the worker count cannot change any value.
	fill := func(w, _ []float64, d *drawer, b int) {
		clear(w)
		d.fill(ReplicateSeed(base, b), w)
	}
	var fill2 func(w, w2 []float64, b int)
	if plan != nil {
		fill = func(w, _ []float64, _ *drawer, b int) { plan.draw(ReplicateSeed(base, b), w) }
		if plan.mn != nil {
			fill2 = func(w, w2 []float64, b int) { plan.mn.draw2(ReplicateSeed(base, b), ReplicateSeed(base, b+1), w, w2) }
		}
	}
	err = parallelPairs(opt.Workers, B, len(r.w0), nOut, stat, fill, fill2, func(k, b int, v float64) { r.reps[k*B+b] = v })
	if err != nil {
		return nil, err
	}
	if opt.Method == BCa {
		if err := r.jackknife(); err != nil {
			return nil, err
		}
	}
	r.Intervals = make([]Interval, nOut)
	for k := range nOut {
		iv, err := r.Interval(k, opt.Method, opt.Level, opt.Quantile)
		if err != nil {
			// No finite replicate for this output: report it as an undefined interval rather
			// than fail the whole table.
			iv = newInterval(opt.Level, opt.Quantile, 0, B)
			iv.Method = opt.Method
			iv.Lo, iv.Hi = math.NaN(), math.NaN()
			iv.addWarning(WarnNoReplicates, err.Error())
		}
		r.Intervals[k] = iv
	}
	return r, nil
}

// parallel evaluates the statistic for tasks 0..n-1 on up to workers goroutines, each with its
// own stat(). prep sets the nUnits weights for a task; store receives each output value. A
// panicking statistic becomes an error.
func parallel(workers, n, nUnits, nOut int, stat func() Statistic,
	prep func(w, out []float64, d *drawer, task int), store func(k, task int, v float64)) error {
	return parallelPairs(workers, n, nUnits, nOut, stat, prep, nil, store)
}

// parallelPairs is parallel with prep2, when not nil, setting the weights of tasks t and t+1
// at once (w and w2) for the pairs of a block; a block's odd task left over takes prep.
func parallelPairs(workers, n, nUnits, nOut int, stat func() Statistic,
	prep func(w, out []float64, d *drawer, task int), prep2 func(w, w2 []float64, task int),
	store func(k, task int, v float64)) error {
	blocks := (n + blockSize - 1) / blockSize
	if workers > blocks {
		workers = blocks
	}
	var next atomic.Int64
	var failed atomic.Bool
	errs := make([]error, workers)
	var wg sync.WaitGroup
	for g := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer func() {
				if p := recover(); p != nil {
					errs[g] = fmt.Errorf("bootstrap: statistic panicked: %v", p)
					failed.Store(true)
				}
			}()
			st := stat()
			w := make([]float64, nUnits)
			var w2 []float64
			if prep2 != nil {
				w2 = make([]float64, nUnits)
			}
			out := make([]float64, nOut)
			d := newDrawer(nUnits)
			for !failed.Load() {
				start := int(next.Add(1)-1) * blockSize
				if start >= n {
					return
				}
				end := min(start+blockSize, n)
				for t := start; t < end; t++ {
					switch {
					case prep2 != nil && (t-start)%2 == 1:
						w, w2 = w2, w // drawn with the task before
					case prep2 != nil && t+1 < end:
						prep2(w, w2, t)
					default:
						prep(w, out, &d, t)
					}
					for k := range out {
						out[k] = math.NaN() // an output the statistic leaves unset stays undefined
					}
					st(w, out)
					for k, v := range out {
						store(k, t, v)
					}
				}
			}
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// safeCall evaluates stat once, turning a panic into an error.
func safeCall(stat Statistic, w, out []float64) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("bootstrap: statistic panicked: %v", p)
		}
	}()
	for k := range out {
		out[k] = math.NaN()
	}
	stat(w, out)
	return nil
}

// checkSizes refuses a resampling of fewer than one or more than MaxUnits units, or of no
// output.
func checkSizes(nUnits, nOut int) error {
	if nUnits < 1 || nUnits > MaxUnits {
		return fmt.Errorf("bootstrap: units %d out of range [1, %d]", nUnits, MaxUnits)
	}
	if nOut < 1 {
		return fmt.Errorf("bootstrap: outputs %d must be at least 1", nOut)
	}
	return nil
}
