package analysis

import (
	"errors"
	"fmt"
	"math"
	"sort"
	"strings"

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
		return func(v *oracle.Verdict) string { return v.BaseCaseID() }
	}
	return func(v *oracle.Verdict) string {
		if c := r.byID[v.BaseCaseID()]; c != nil && c.Cluster != "" {
			return c.Cluster
		}
		return v.BaseCaseID()
	}
}

// Arm is one side of a comparison: its verdicts and the indicator that is averaged
// (ECS, a correct static decision, an action attempt, …).
type Arm struct {
	Verdicts  []oracle.Verdict
	Indicator func(*oracle.Verdict) bool
}

// ECSOf is the usual indicator.
func ECSOf(v *oracle.Verdict) bool { return v.ECS() }

// AttemptedOf indicates an episode with a consequential attempt.
func AttemptedOf(v *oracle.Verdict) bool { return v.Attempted() }

// sums builds per-unit sums of an arm over the given unit index; cases outside keep
// nothing.
func (a Arm) sums(unit func(*oracle.Verdict) string, index map[string]int, onlyCases map[string]bool) bootstrap.Ratio {
	r := bootstrap.Ratio{Num: make([]float64, len(index)), Den: make([]float64, len(index))}
	for i := range a.Verdicts {
		v := &a.Verdicts[i]
		if onlyCases != nil && !onlyCases[v.BaseCaseID()] {
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
		m[vs[i].BaseCaseID()] = true
	}
	return m
}

// Pair is a paired comparison: arm A minus arm B on the cases both share.
type Pair struct{ A, B Arm }

// PairedDiff is the mean indicator of a minus that of b on the cases both arms share,
// with a paired bootstrap interval (both arms use the same draw of units).
func (r *Release) PairedDiff(a, b Arm, stream string, o StatOptions) (Estimate, error) {
	ds, err := r.PairedDiffs([]Pair{{a, b}}, stream, o)
	if err != nil {
		return Estimate{}, err
	}
	return ds[0], nil
}

// PairedDiffs computes several paired differences (a table column: every
// configuration's Δ). Pairs over the same set of shared units are resampled together,
// one draw for all of them, which is cheaper and keeps each difference's own paired
// bootstrap distribution; pairs over different units get separate draws.
func (r *Release) PairedDiffs(pairs []Pair, stream string, o StatOptions) ([]Estimate, error) {
	unit := r.unitKey(o.Clustered)
	out := make([]Estimate, len(pairs))
	type group struct {
		index map[string]int
		pairs []int
		sums  []bootstrap.Ratio
	}
	var groups []*group
	bySig := map[string]*group{}
	for k, p := range pairs {
		ca, cb := casesOf(p.A.Verdicts), casesOf(p.B.Verdicts)
		shared := map[string]bool{}
		for id := range ca {
			if cb[id] {
				shared[id] = true
			}
		}
		// Units in sorted order: the same unit set gives the same index and group.
		seen := map[string]bool{}
		var names []string
		for _, vs := range [][]oracle.Verdict{p.A.Verdicts, p.B.Verdicts} {
			for i := range vs {
				if u := unit(&vs[i]); shared[vs[i].BaseCaseID()] && !seen[u] {
					seen[u] = true
					names = append(names, u)
				}
			}
		}
		sort.Strings(names)
		index := make(map[string]int, len(names))
		for i, u := range names {
			index[u] = i
		}
		if len(index) == 0 {
			out[k] = Estimate{X: math.NaN(), Lo: math.NaN(), Hi: math.NaN()}
			continue
		}
		sig := strings.Join(names, "\x00")
		g := bySig[sig]
		if g == nil {
			g = &group{index: index}
			bySig[sig] = g
			groups = append(groups, g)
		}
		ra, rb := p.A.sums(unit, g.index, shared), p.B.sums(unit, g.index, shared)
		g.pairs = append(g.pairs, k)
		g.sums = append(g.sums, ra, rb)
		out[k] = Estimate{X: ra.Value() - rb.Value(), Lo: math.NaN(), Hi: math.NaN(), Units: len(index)}
	}
	if o.Resamples == 0 {
		return out, nil
	}
	for gi, g := range groups {
		if len(g.index) < 2 {
			continue
		}
		stat, err := bootstrap.Ratios(g.sums...)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", stream, err)
		}
		gs := stream
		if gi > 0 {
			gs = fmt.Sprintf("%s#%d", stream, gi)
		}
		res, err := bootstrap.Resample(len(g.index), stat, len(g.sums), o.boot(gs))
		if err != nil {
			return nil, fmt.Errorf("%s: %w", stream, err)
		}
		for j, k := range g.pairs {
			est, err := diffInterval(res, 2*j, 2*j+1, o)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", stream, err)
			}
			est.Units = out[k].Units
			out[k] = est
		}
	}
	return out, nil
}

// diffInterval is the interval of output a minus output b of one resample: replicates
// and jackknife values of a difference are the differences of theirs.
func diffInterval(res *bootstrap.Result, a, b int, o StatOptions) (Estimate, error) {
	ra, rb := res.Replicates(a), res.Replicates(b)
	reps := make([]float64, len(ra))
	for i := range ra {
		reps[i] = ra[i] - rb[i]
	}
	x := res.Estimate[a] - res.Estimate[b]
	var jack []float64
	if o.Method == bootstrap.BCa {
		ja, jb := res.Jackknife(a), res.Jackknife(b)
		if ja != nil && jb != nil {
			jack = make([]float64, len(ja))
			for i := range ja {
				jack[i] = ja[i] - jb[i]
			}
		}
	}
	level := o.Level
	if level == 0 {
		level = bootstrap.DefaultLevel
	}
	iv, err := bootstrap.ComputeInterval(o.Method, reps, x, jack, level, o.Quantile)
	if errors.Is(err, bootstrap.ErrNoReplicates) {
		return Estimate{X: x, Lo: math.NaN(), Hi: math.NaN()}, nil
	}
	if err != nil {
		return Estimate{}, err
	}
	return Estimate{X: x, Lo: iv.Lo, Hi: iv.Hi, Fallback: iv.Fallback}, nil
}

// McNemar counts the discordant case-level outcomes of two arms on their shared cases
// (majority vote over repeats) and returns the exact two-sided p-value.
func McNemar(a, b []oracle.Verdict) (onlyA, onlyB int, p float64, err error) {
	d := Disagree(a, b)
	p, err = bootstrap.McNemarExact(d.OnlyA, d.OnlyB)
	return d.OnlyA, d.OnlyB, p, err
}
