package analysis

import (
	"errors"
	"fmt"

	"github.com/sabench/sabench-stats/bootstrap"
)

// StatNames are the interval settings as a command line spells them. The names stay as
// given (provenance records --interval and --quantile as written); Options validates them
// and builds the StatOptions.
type StatNames struct {
	Resamples int
	Force     bool // accept 0 < Resamples < bootstrap.MinResamples
	Seed      uint64
	Workers   int
	Level     float64
	Method    string // bootstrap.ParseMethod
	Quantile  string // bootstrap.ParseQuantileMode
	Clustered bool
	Adjust    string // ParseAdjustment
	PassK     string // bootstrap.ParsePassKConvention
}

// DefaultStatNames are DefaultStatOptions by name.
func DefaultStatNames() StatNames {
	d := DefaultStatOptions()
	return StatNames{Resamples: d.Resamples, Seed: d.Seed, Workers: 1, Level: d.Level,
		Method: "percentile", Quantile: "scipy", Adjust: "holm", PassK: "planned"}
}

// Options validates the settings and returns them parsed. The messages name the flags
// that set them.
func (n StatNames) Options() (StatOptions, error) {
	if n.Resamples < 0 {
		return StatOptions{}, errors.New("--resamples must be ≥ 0")
	}
	if n.Resamples > bootstrap.MaxResamples {
		return StatOptions{}, fmt.Errorf("--resamples %d is above %d", n.Resamples, bootstrap.MaxResamples)
	}
	if n.Resamples > 0 && n.Resamples < bootstrap.MinResamples && !n.Force {
		return StatOptions{}, fmt.Errorf("--resamples %d is below %d: the interval endpoints would be near-extreme order statistics; pass --force to accept that (or --resamples 0 for no intervals)", n.Resamples, bootstrap.MinResamples)
	}
	if n.Workers < 1 {
		return StatOptions{}, errors.New("-j must be ≥ 1")
	}
	if n.Seed == 0 {
		return StatOptions{}, errors.New("--seed 0 would draw what --seed 1 draws (0 stands for the default): give a seed ≥ 1")
	}
	if !(n.Level > 0 && n.Level < 1) { // NaN too
		return StatOptions{}, errors.New("--level must be in (0, 1)")
	}
	o := StatOptions{Resamples: n.Resamples, Seed: n.Seed, Workers: n.Workers, Level: n.Level, Clustered: n.Clustered}
	var err error
	if o.Method, err = bootstrap.ParseMethod(n.Method); err != nil {
		return StatOptions{}, fmt.Errorf("--interval: %w", err)
	}
	if o.Quantile, err = bootstrap.ParseQuantileMode(n.Quantile); err != nil {
		return StatOptions{}, fmt.Errorf("--quantile: %w", err)
	}
	if o.Adjust, err = ParseAdjustment(n.Adjust); err != nil {
		return StatOptions{}, fmt.Errorf("--adjust: %w", err)
	}
	if o.PassK, err = bootstrap.ParsePassKConvention(n.PassK); err != nil {
		if _, lerr := bootstrap.ParsePassKList(n.PassK); lerr == nil {
			// leaderboard --inspect's --passk is a list of k: say which flag this is.
			return StatOptions{}, fmt.Errorf("--passk %q: here --passk is the pass^k convention, planned or per-case (the tables print every k up to the repeats); a list of k is leaderboard --inspect's --passk", n.PassK)
		}
		return StatOptions{}, fmt.Errorf("--passk: %w", err)
	}
	return o, nil
}

// ParseInfraFailures reads how infra_failure episodes count: "exclude" (the paper) or
// "fail" (the SafeActBench batch runner); fail reports the latter
// (ScoreOptions.InfraFailuresFail).
func ParseInfraFailures(s string) (fail bool, err error) {
	switch s {
	case "exclude", "fail":
		return s == "fail", nil
	}
	return false, fmt.Errorf("--infra-failures must be exclude or fail, not %q", s)
}
