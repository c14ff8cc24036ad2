package bootstrap

import (
	"fmt"
	"math"
)

// MinResamples is the fewest resamples a paper-grade interval should rest on: below it the
// endpoints are near-extreme order statistics (the CLI refuses fewer unless forced).
const MinResamples = 1000

// WarningKind classifies a caveat on a bootstrap interval. The String form is the stable
// name that tables print in notes and JSON carries as a field.
type WarningKind uint8

const (
	// WarnBCaFallback: BCa was requested but is undefined; the percentile interval is given.
	WarnBCaFallback WarningKind = iota + 1
	// WarnDegenerate: every finite replicate is equal (to rounding), so no interval exists; Lo and Hi are
	// NaN (scipy returns NaN with DegenerateDataWarning, R's boot.ci stops).
	WarnDegenerate
	// WarnExtremeOrder: an endpoint is (or interpolates with) the smallest or largest
	// replicate, too few resamples for the level.
	WarnExtremeOrder
	// WarnExcludesEstimate: the interval does not contain its own estimate.
	WarnExcludesEstimate
	// WarnSingleUnit: one resampled unit (one case, or one cluster): every resample is the
	// observed data.
	WarnSingleUnit
	// WarnNonFinite: some replicates were not finite and were left out.
	WarnNonFinite
	// WarnNoReplicates: no finite replicate at all.
	WarnNoReplicates
	// WarnSmallSample: fewer than SmallSampleUnits resampled units, where the project's
	// coverage simulation found the nominal 95% interval covering less than 0.93.
	WarnSmallSample
	// WarnScoreInterval: a rate at 0 or 1, where every resample is equal; the Wilson score
	// interval over the resampled units is shown instead of none.
	WarnScoreInterval
	// WarnOutOfRange: a bound past what the statistic can be (a rate past 0 or 1, as a
	// basic interval, 2θ̂ less a quantile, can end). The bootstrap does not know the
	// statistic's range: the table that shows it records this caveat.
	WarnOutOfRange
)

// SmallSampleUnits is the fewest resampled units (cases, or template clusters) at which
// every design of the coverage simulation (docs/coverage.md: rates, paired Δs of one or
// three repeats, template-resampled Δs) covered at least 0.93 with a nominal 95%
// percentile interval; below it an interval carries WarnSmallSample.
const SmallSampleUnits = 40

// SmallSampleAt is what the small-sample caveat adds for an interval at level: nothing at
// the coverage simulation's 95% (or level 0, the default); at another level, that the
// simulation was run at 95% only, so its 0.93 does not say how this level's intervals
// cover.
func SmallSampleAt(level float64) string {
	if level == 0 || math.Abs(level-DefaultLevel) < 1e-9 {
		return ""
	}
	return fmt.Sprintf("; the simulation was run at 95%% only, not at %g%%", math.Round(level*1e4)/100)
}

var warningNames = [...]string{"", "bca_fallback", "degenerate", "extreme_order_statistics",
	"excludes_estimate", "single_unit", "non_finite_replicates", "no_replicates", "small_sample", "score_interval", "out_of_range"}

// String returns the warning's stable name, e.g. "bca_fallback".
func (k WarningKind) String() string {
	if k > 0 && int(k) < len(warningNames) {
		return warningNames[k]
	}
	return fmt.Sprintf("WarningKind(%d)", uint8(k))
}

// MarshalText writes the stable name, so a WarningKind is a string in encoding/json.
func (k WarningKind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// Warning is one caveat: its kind and a sentence for a table note.
type Warning struct {
	Kind   WarningKind `json:"kind"`
	Detail string      `json:"detail"`
}

func (w Warning) String() string { return w.Kind.String() + ": " + w.Detail }

// addWarning records a caveat of kind k.
func (iv *Interval) addWarning(k WarningKind, detail string) {
	iv.Warnings = append(iv.Warnings, Warning{k, detail})
}

// Has reports whether the interval carries a caveat of kind k.
func (iv Interval) Has(k WarningKind) bool {
	for _, w := range iv.Warnings {
		if w.Kind == k {
			return true
		}
	}
	return false
}

// IntervalWarnings returns every caveat of an interval of estimate computed over units
// resampled units: those the interval function recorded (BCa fallback, degenerate
// replicates, extreme order statistics, dropped replicates) plus the two it cannot see
// alone, an interval that excludes its own estimate, a single resampled unit, and fewer
// than SmallSampleUnits units.
func IntervalWarnings(iv Interval, estimate float64, units int) []Warning {
	out := append([]Warning(nil), iv.Warnings...)
	if iv.Used == 0 && !iv.Has(WarnNoReplicates) {
		out = append(out, Warning{WarnNoReplicates, ErrNoReplicates.Error()})
	}
	if finiteF(iv.Lo) && finiteF(iv.Hi) && finiteF(estimate) && (estimate < iv.Lo || estimate > iv.Hi) {
		out = append(out, Warning{WarnExcludesEstimate,
			fmt.Sprintf("the interval [%g, %g] excludes its estimate %g", iv.Lo, iv.Hi, estimate)})
	}
	if units == 1 {
		out = append(out, Warning{WarnSingleUnit, "one resampled unit: every resample is the observed data"})
	}
	if units >= 2 && units < SmallSampleUnits && finiteF(iv.Lo) && finiteF(iv.Hi) {
		out = append(out, Warning{WarnSmallSample, fmt.Sprintf("%d resampled units, fewer than %d: the coverage of a nominal 95%% interval fell below 0.93 in simulation%s", units, SmallSampleUnits, SmallSampleAt(iv.Level))})
	}
	return out
}

// Warnings returns the caveats of output k's interval (IntervalWarnings with the result's
// estimate and unit count); nil when k is out of range.
func (r *Result) Warnings(k int) []Warning {
	if k < 0 || k >= len(r.Intervals) {
		return nil
	}
	return IntervalWarnings(r.Intervals[k], r.Estimate[k], r.Units)
}

// ReplicateWarnings computes the interval of method m from replicates and returns its
// caveats, for callers that hold replicates rather than an Interval.
func ReplicateWarnings(m Method, reps []float64, estimate float64, jack []float64, level float64, q QuantileMode, units int) ([]Warning, error) {
	iv, err := ComputeInterval(m, reps, estimate, jack, level, q)
	if err == ErrNoReplicates {
		return []Warning{{WarnNoReplicates, ErrNoReplicates.Error()}}, nil
	}
	if err != nil {
		return nil, err
	}
	return IntervalWarnings(iv, estimate, units), nil
}

// usesExtreme reports whether the p-quantile of n sorted values involves the smallest or
// largest one. R's norm.inter says so itself; np.percentile's linear rule at h = p·(n−1)
// weighs x[0] when h < 1 and x[n−1] when h > n−2.
func usesExtreme(n int, p float64, q QuantileMode, rFlag bool) bool {
	if q == QuantileR {
		return rFlag
	}
	h := p * float64(n-1)
	return h < 1 || h > float64(n-2)
}

func finiteF(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }
