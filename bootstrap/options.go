package bootstrap

import (
	"fmt"
	"math"
	"runtime"
	"strings"
)

// Method is a bootstrap interval method.
type Method int

const (
	Percentile Method = iota // the default, as in the paper
	Basic                    // reflected percentile: [2θ̂ − q_hi, 2θ̂ − q_lo]
	BCa                      // bias-corrected and accelerated (Efron 1987)
)

// String returns the method's flag spelling: "percentile", "basic" or "bca".
func (m Method) String() string {
	switch m {
	case Percentile:
		return "percentile"
	case Basic:
		return "basic"
	case BCa:
		return "bca"
	}
	return fmt.Sprintf("Method(%d)", int(m))
}

// ParseMethod parses "percentile", "basic" or "bca" (case-insensitive).
func ParseMethod(s string) (Method, error) {
	switch strings.ToLower(s) {
	case "percentile", "perc":
		return Percentile, nil
	case "basic":
		return Basic, nil
	case "bca":
		return BCa, nil
	}
	return 0, fmt.Errorf("bootstrap: unknown interval method %q (want percentile, basic or bca)", s)
}

// QuantileMode selects which library's conventions the intervals reproduce: the quantile
// definition and the tie rule of the BCa bias correction.
type QuantileMode int

const (
	// QuantileScipy: np.percentile linear interpolation at p·(B−1); z0 counts ties as half
	// (scipy.stats.bootstrap ≥ 1.9).
	QuantileScipy QuantileMode = iota
	// QuantileR: R boot's norm.inter, the (B+1)p-th order statistic interpolated on the
	// normal-quantile scale; z0 counts strictly smaller replicates (boot.ci).
	QuantileR
)

// String returns "scipy" or "r".
func (q QuantileMode) String() string {
	switch q {
	case QuantileScipy:
		return "scipy"
	case QuantileR:
		return "r"
	}
	return fmt.Sprintf("QuantileMode(%d)", int(q))
}

// ParseQuantileMode parses "scipy" or "r" (case-insensitive).
func ParseQuantileMode(s string) (QuantileMode, error) {
	switch strings.ToLower(s) {
	case "scipy", "numpy", "linear":
		return QuantileScipy, nil
	case "r", "boot", "norm.inter":
		return QuantileR, nil
	}
	return 0, fmt.Errorf("bootstrap: unknown quantile mode %q (want scipy or r)", s)
}

// Defaults of Options (the paper's 5000 resamples, level 0.95, seed 1).
const (
	DefaultResamples = 5000
	DefaultLevel     = 0.95
	DefaultSeed      = 1
)

// MaxResamples bounds Options.Resamples so a typo cannot exhaust memory.
const MaxResamples = 100_000_000

// Options configures Resample. The zero value means the defaults.
type Options struct {
	Resamples int          // replicates B; 0 means DefaultResamples
	Level     float64      // two-sided confidence level in (0,1); 0 means DefaultLevel
	Seed      uint64       // master seed; 0 means DefaultSeed (so seeds 0 and 1 are the same stream)
	Stream    string       // names the statistic; different names give independent streams
	Workers   int          // goroutines; 0 means GOMAXPROCS. Never changes the result.
	Method    Method       // interval method; the zero value is Percentile
	Quantile  QuantileMode // conventions; the zero value is QuantileScipy
}

// normalize fills the defaults and validates.
func (o Options) normalize() (Options, error) {
	if o.Resamples == 0 {
		o.Resamples = DefaultResamples
	}
	if o.Resamples < 0 || o.Resamples > MaxResamples {
		return o, fmt.Errorf("bootstrap: resamples %d out of range [1, %d]", o.Resamples, MaxResamples)
	}
	if o.Level == 0 {
		o.Level = DefaultLevel
	}
	if err := checkLevel(o.Level); err != nil {
		return o, err
	}
	if o.Seed == 0 {
		o.Seed = DefaultSeed
	}
	if o.Workers <= 0 {
		o.Workers = runtime.GOMAXPROCS(0)
	}
	if o.Method < Percentile || o.Method > BCa {
		return o, fmt.Errorf("bootstrap: unknown interval method %d", int(o.Method))
	}
	if o.Quantile < QuantileScipy || o.Quantile > QuantileR {
		return o, fmt.Errorf("bootstrap: unknown quantile mode %d", int(o.Quantile))
	}
	return o, nil
}

func checkLevel(level float64) error {
	if !(level > 0 && level < 1) || math.IsNaN(level) {
		return fmt.Errorf("bootstrap: level %v not in (0, 1)", level)
	}
	return nil
}
