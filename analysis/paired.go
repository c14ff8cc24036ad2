package analysis

import (
	"fmt"
	"math"

	"github.com/sabench/sabench-stats/bootstrap"
	"github.com/sabench/sabench-stats/oracle"
)

// StatOptions control every interval the tables print (DESIGN §6).
type StatOptions struct {
	Resamples int
	Seed      uint64
	Workers   int
	Level     float64
	Method    bootstrap.Method
	Quantile  bootstrap.QuantileMode
	// Clustered resamples template clusters instead of cases.
	Clustered bool
}

// DefaultStatOptions are the paper's: 5000 case-paired resamples, 95%, percentile, seed 1.
func DefaultStatOptions() StatOptions {
	return StatOptions{Resamples: bootstrap.DefaultResamples, Seed: bootstrap.DefaultSeed, Level: bootstrap.DefaultLevel}
}

func (o StatOptions) boot(stream string) bootstrap.Options {
	return bootstrap.Options{Resamples: o.Resamples, Level: o.Level, Seed: o.Seed, Stream: stream,
		Workers: o.Workers, Method: o.Method, Quantile: o.Quantile}
}

// Unit names what is resampled, for table notes.
func (o StatOptions) Unit() string {
	if o.Clustered {
		return "template-clustered"
	}
	return "case-paired"
}

// Estimate is a point estimate with its bootstrap interval. Lo and Hi are NaN when no
// interval could be computed (too few units, or zero resamples).
type Estimate struct {
	X, Lo, Hi float64
	Units     int  // resampled units
	Fallback  bool // BCa was undefined and the percentile interval is shown
}

// unitKey maps a verdict to its resampling unit: its base case, or that case's cluster.
func (r *Release) unitKey(clustered bool) func(v *oracle.Verdict) string {
	if !clustered {
		return func(v *oracle.Verdict) string { return v.BaseCaseID }
	}
	return func(v *oracle.Verdict) string {
		if c := r.byID[v.BaseCaseID]; c != nil && c.Cluster != "" {
			return c.Cluster
		}
		return v.BaseCaseID
	}
}

// Arm is one side of a comparison: its verdicts and the indicator that is averaged
// (ECS, a correct static decision, an action attempt, …).
type Arm struct {
	Verdicts  []oracle.Verdict
	Indicator func(*oracle.Verdict) bool
}

// ECSOf is the usual indicator.
func ECSOf(v *oracle.Verdict) bool { return v.ECS }

// AttemptedOf indicates an episode with a consequential attempt.
func AttemptedOf(v *oracle.Verdict) bool { return v.Attempted }

// sums builds per-unit sums of an arm over the given unit index; cases outside keep
// nothing.
func (a Arm) sums(unit func(*oracle.Verdict) string, index map[string]int, onlyCases map[string]bool) bootstrap.Ratio {
	r := bootstrap.Ratio{Num: make([]float64, len(index)), Den: make([]float64, len(index))}
	for i := range a.Verdicts {
		v := &a.Verdicts[i]
		if onlyCases != nil && !onlyCases[v.BaseCaseID] {
			continue
		}
		u, ok := index[unit(v)]
		if !ok {
			continue
		}
		r.Den[u]++
		if a.Indicator(v) {
			r.Num[u]++
		}
	}
	return r
}

// casesOf is the set of base cases an arm has episodes on.
func casesOf(vs []oracle.Verdict) map[string]bool {
	m := map[string]bool{}
	for i := range vs {
		m[vs[i].BaseCaseID] = true
	}
	return m
}

// PairedDiff is the mean indicator of a minus that of b on the cases both arms share,
// with a paired bootstrap interval (both arms use the same draw of units).
func (r *Release) PairedDiff(a, b Arm, stream string, o StatOptions) (Estimate, error) {
	ca, cb := casesOf(a.Verdicts), casesOf(b.Verdicts)
	shared := map[string]bool{}
	for id := range ca {
		if cb[id] {
			shared[id] = true
		}
	}
	unit := r.unitKey(o.Clustered)
	index := map[string]int{}
	var names []string
	for _, vs := range [][]oracle.Verdict{a.Verdicts, b.Verdicts} {
		for i := range vs {
			if !shared[vs[i].BaseCaseID] {
				continue
			}
			k := unit(&vs[i])
			if _, ok := index[k]; !ok {
				index[k] = len(names)
				names = append(names, k)
			}
		}
	}
	if len(index) == 0 {
		return Estimate{X: math.NaN(), Lo: math.NaN(), Hi: math.NaN()}, nil
	}
	ra, rb := a.sums(unit, index, shared), b.sums(unit, index, shared)
	est := Estimate{X: ra.Value() - rb.Value(), Lo: math.NaN(), Hi: math.NaN(), Units: len(index)}
	if len(index) < 2 || o.Resamples == 0 {
		return est, nil
	}
	stat, err := bootstrap.DiffOfRatios(ra, rb)
	if err != nil {
		return est, fmt.Errorf("%s: %w", stream, err)
	}
	res, err := bootstrap.Resample(len(index), stat, 1, o.boot(stream))
	if err != nil {
		return est, fmt.Errorf("%s: %w", stream, err)
	}
	iv := res.Intervals[0]
	est.X, est.Lo, est.Hi, est.Fallback = res.Estimate[0], iv.Lo, iv.Hi, iv.Fallback
	return est, nil
}

// McNemar counts the discordant case-level outcomes of two arms on their shared cases
// (majority vote over repeats) and returns the exact two-sided p-value.
func McNemar(a, b []oracle.Verdict) (onlyA, onlyB int, p float64, err error) {
	d := Disagree(a, b)
	p, err = bootstrap.McNemarExact(d.OnlyA, d.OnlyB)
	return d.OnlyA, d.OnlyB, p, err
}
