package analysis

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/sabench/sabench-stats/bootstrap"
)

// StatOptions control every interval the tables print.
type StatOptions struct {
	Resamples int
	Seed      uint64
	Workers   int
	Level     float64
	Method    bootstrap.Method
	Quantile  bootstrap.QuantileMode
	// Clustered resamples template clusters instead of cases.
	Clustered bool
	// Adjust is how a table's family of p-values is adjusted for multiplicity.
	Adjust Adjustment
	// PassK is the pass^k convention (the zero value is τ-bench's planned repeats).
	PassK bootstrap.PassKConvention
}

// Adjustment is a multiplicity adjustment of a family of p-values.
type Adjustment int

const (
	AdjustHolm Adjustment = iota // Holm's step-down (family-wise error), the default
	AdjustBH                     // Benjamini–Hochberg (false discovery rate)
	AdjustNone                   // none: every p-value as computed, the table says so
)

// ParseAdjustment parses "holm", "bh" or "none" (case-insensitive).
func ParseAdjustment(s string) (Adjustment, error) {
	switch strings.ToLower(s) {
	case "holm":
		return AdjustHolm, nil
	case "bh", "fdr_bh", "benjamini-hochberg":
		return AdjustBH, nil
	case "none":
		return AdjustNone, nil
	}
	return 0, fmt.Errorf("unknown p-value adjustment %q (want holm, bh or none)", s)
}

// String is the flag spelling; Label the name in headers ("Holm", "BH", "unadjusted").
func (a Adjustment) String() string {
	switch a {
	case AdjustBH:
		return "bh"
	case AdjustNone:
		return "none"
	}
	return "holm"
}

func (a Adjustment) Label() string {
	switch a {
	case AdjustBH:
		return "BH"
	case AdjustNone:
		return "unadjusted"
	}
	return "Holm"
}

// Apply adjusts a family of p-values (NaN for a test that could not be run stays NaN and
// does not count in the family, as R's p.adjust treats NA); AdjustNone returns a copy.
func (a Adjustment) Apply(p []float64) []float64 {
	var out []float64
	var err error
	switch a {
	case AdjustBH:
		out, err = bootstrap.BenjaminiHochberg(p)
	case AdjustNone:
		out = slices.Clone(p)
	default:
		out, err = bootstrap.Holm(p)
	}
	if err != nil { // p outside [0, 1]: not a p-value we computed; say nothing rather than guess
		out = make([]float64, len(p))
		for i := range out {
			out[i] = math.NaN()
		}
	}
	return out
}

// DefaultStatOptions are the paper's: 5000 case-paired resamples, 95%, percentile, seed 1.
func DefaultStatOptions() StatOptions {
	return StatOptions{Resamples: bootstrap.DefaultResamples, Seed: bootstrap.DefaultSeed, Level: bootstrap.DefaultLevel}
}

// level is the interval level, the default where unset.
func (o StatOptions) level() float64 {
	if o.Level == 0 {
		return bootstrap.DefaultLevel
	}
	return o.Level
}

func (o StatOptions) boot(stream string) bootstrap.Options {
	return bootstrap.Options{Resamples: o.Resamples, Level: o.Level, Seed: o.Seed, Stream: stream,
		Workers: o.Workers, Method: o.Method, Quantile: o.Quantile}
}

// Estimate is a point estimate with its bootstrap interval. Lo and Hi are NaN when no
// interval could be computed (too few units, degenerate replicates), the reason then among
// Warnings, and with zero resamples (no interval asked for), which adds no warning.
type Estimate struct {
	X, Lo, Hi float64
	Units     int  // resampled units (cases, or clusters with StatOptions.Clustered)
	Fallback  bool // BCa was undefined and the percentile interval is shown
	// Warnings are the interval's caveats (bootstrap.IntervalWarnings): BCa fallback,
	// degenerate replicates, extreme order statistics, one unit, …
	Warnings []bootstrap.Warning
	// A paired difference also carries its arms on the cases both share: A and B are
	// the indicator's counts there (X = A − B) and Cases the shared base cases.
	A, B  Rate
	Cases int
	// P is a paired difference's two-sided bootstrap p-value of Δ = 0
	// (bootstrap.PercentilePValue); NaN without replicates or when they all equal one Δ ≠ 0
	// (no interval). Set by PairedDiffs only.
	P float64
}

// nanEstimate is an estimate without a value or an interval.
func nanEstimate() Estimate {
	return Estimate{X: math.NaN(), Lo: math.NaN(), Hi: math.NaN(), P: math.NaN()}
}

// Arm is one side of a comparison: its verdicts (those of Verdicts that Keep admits; all
// when Keep is nil) and the indicator that is averaged (ECS, a correct static decision,
// an action attempt, …).
type Arm struct {
	Verdicts  []Record
	Indicator func(*Record) bool
	Keep      Filter
}

// ECSOf is the usual indicator.
func ECSOf(v *Record) bool { return v.ECS() }

// AttemptedOf indicates an episode with a consequential attempt.
func AttemptedOf(v *Record) bool { return v.Attempted() }

// sums builds per-unit sums of an arm over the given unit index; units outside it, and
// base cases outside only (unless nil), keep nothing.
func (a Arm) sums(units *unitIDs, index unitIndex, cases *unitIDs, only []bool) bootstrap.Ratio {
	r := bootstrap.Ratio{Num: make([]float64, index.n), Den: make([]float64, index.n)}
	for i := range a.Verdicts {
		v := &a.Verdicts[i]
		if !admits(a.Keep, v) || only != nil && !has(only, cases.of(v)) {
			continue
		}
		u := index.at(units.of(v))
		if u < 0 {
			continue
		}
		w := float64(v.weight())
		r.Den[u] += w
		if a.Indicator(v) {
			r.Num[u] += w
		}
	}
	return r
}

// Pair is a paired comparison: arm A minus arm B on the cases both share. Name (a
// configuration, a condition) names the pair's random stream, so a pair's interval does not
// move when other pairs are added to the table.
type Pair struct {
	A, B Arm
	Name string
}

// deltaStream is the stream and pair name of a paired Δ of ECS, named by what the Δ is:
// arm A's and arm B's cells (configuration@condition), the protocols of the cases both arms
// share (the cases the Δ is computed on, not the protocols asked for, so that compare's "All"
// row and its "V1" row draw alike when every shared case is V1), and "/clustered" when
// templates are resampled. The same Δ then draws the same resamples in every table that
// prints it (T4 and compare --protocol v0,v1,v2,v3; T13, T14 and compare --conditions).
func (r *Release) deltaStream(aConfig, aCond, bConfig, bCond string, a, b Arm, o StatOptions) (stream, name string) {
	on, _ := r.onShared(a, b)
	name = aConfig + "@" + aCond + " − " + bConfig + "@" + bCond + "/" + protoList(protocolsOf(a.Verdicts, both(a.Keep, on)))
	if o.Clustered {
		name += "/clustered"
	}
	return "delta", name
}

// PairedDiff is the mean indicator of a minus that of b on the cases both arms share,
// with a paired bootstrap interval (both arms use the same draw of units).
func (r *Release) PairedDiff(a, b Arm, stream string, o StatOptions) (Estimate, error) {
	ds, err := r.PairedDiffs([]Pair{{A: a, B: b}}, stream, o)
	if err != nil {
		return Estimate{}, err
	}
	return ds[0], nil
}

// PairedDiffs computes several paired differences (a table column: every configuration's
// Δ), each on its own random stream (stream/Name; stream#k for an unnamed pair among
// several). Each pair is the two-output column-sum statistic SumRatios(a, b) resampled by
// bootstrap.ResampleSums: with binary outcomes and a few repeats per arm, the shared cases
// fall into a few value classes, whose counts are drawn instead of every case.
func (r *Release) PairedDiffs(pairs []Pair, stream string, o StatOptions) ([]Estimate, error) {
	units, cases := r.unitIDs(o.Clustered), r.caseIDs()
	out := make([]Estimate, len(pairs))
	for k, p := range pairs {
		s := stream
		if p.Name != "" {
			s += "/" + p.Name
		} else if len(pairs) > 1 {
			s += fmt.Sprintf("#%d", k)
		}
		est, err := r.pairedDiff(p, units, cases, s, o)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", s, err)
		}
		out[k] = est
	}
	return out, nil
}

// pairedDiff is one pair's difference on its shared cases, with its arms there.
func (r *Release) pairedDiff(p Pair, units, cases *unitIDs, stream string, o StatOptions) (Estimate, error) {
	shared, nShared := sharedCases(p.A, p.B, cases)
	// Units in sorted order (sortedIndex), so the index (and the draw) does not depend on
	// verdict order.
	var in []bool
	for _, a := range []Arm{p.A, p.B} {
		vs := a.Verdicts
		for i := range vs {
			if admits(a.Keep, &vs[i]) && has(shared, cases.of(&vs[i])) {
				in = mark(in, units.of(&vs[i]))
			}
		}
	}
	index := units.sortedIndex(in)
	if index.n == 0 {
		return nanEstimate(), nil
	}
	ra, rb := p.A.sums(units, index, cases, shared), p.B.sums(units, index, cases, shared)
	est := nanEstimate()
	est.A, est.B = ratioRate(ra), ratioRate(rb)
	est.X, est.Units, est.Cases = rateDiff(est.A, est.B), index.n, nShared
	if o.Resamples == 0 {
		return est, nil
	}
	if index.n < 2 {
		est.Warnings = bootstrap.IntervalWarnings(bootstrap.Interval{Lo: math.NaN(), Hi: math.NaN(), Used: 1}, est.X, index.n)
		return est, nil
	}
	stat, err := bootstrap.SumRatios(ra, rb)
	if err != nil {
		return est, err
	}
	res, err := bootstrap.ResampleSums(stat, o.boot(stream))
	if err != nil {
		return est, err
	}
	iv, err := diffInterval(res, 0, 1, o)
	if err != nil {
		return est, err
	}
	est.Lo, est.Hi, est.Fallback, est.Warnings, est.P = iv.Lo, iv.Hi, iv.Fallback, iv.Warnings, iv.P
	return est, nil
}

// ratioRate turns per-unit sums of 0/1 indicators back into a count of successes.
func ratioRate(x bootstrap.Ratio) Rate {
	var n, d float64
	for i := range x.Num {
		n += x.Num[i]
		d += x.Den[i]
	}
	return Rate{Num: int(n), Den: int(d)}
}

// diffInterval is the interval of output a minus output b of one resample: replicates
// and jackknife values of a difference are the differences of theirs. Its Warnings are
// every caveat of the interval (bootstrap.IntervalWarnings).
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
	iv, err := bootstrap.ComputeInterval(o.Method, reps, x, jack, o.level(), o.Quantile)
	if errors.Is(err, bootstrap.ErrNoReplicates) {
		return Estimate{X: x, Lo: math.NaN(), Hi: math.NaN(), Units: res.Units, P: math.NaN(),
			Warnings: []bootstrap.Warning{{Kind: bootstrap.WarnNoReplicates, Detail: err.Error()}}}, nil
	}
	if err != nil {
		return Estimate{}, err
	}
	// Replicates all equal to a Δ other than 0 have no interval to invert: their p would
	// be 2/(B+1), set by the number of resamples alone. All equal to 0, p is 1 (no
	// difference found), whatever B.
	p := bootstrap.PercentilePValue(reps, 0)
	if iv.Has(bootstrap.WarnDegenerate) && x != 0 {
		p = math.NaN()
	}
	return Estimate{X: x, Lo: iv.Lo, Hi: iv.Hi, Fallback: iv.Fallback, Units: res.Units, P: p,
		Warnings: bootstrap.IntervalWarnings(iv, x, res.Units)}, nil
}

// mcNemar compares two arms' case-level majority votes on their shared cases (over the
// verdicts ka and kb admit) and returns the counts with McNemar's exact two-sided p: NaN
// when they share no case, as no paired case is no test (an exact p of 1 would read as a
// result). Compare and the harness disagreement table both take it from here.
func mcNemar(a []Record, ka Filter, b []Record, kb Filter) (Disagreement, float64, error) {
	d := disagree(a, ka, b, kb)
	if d.Shared == 0 {
		return d, math.NaN(), nil
	}
	p, err := bootstrap.McNemarExact(d.OnlyA, d.OnlyB)
	return d, p, err
}
