package job

import (
	"errors"
	"fmt"
	"strings"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/results"
)

// powerFlags are the command-line names of PowerSpec's options, which
// analysis.PowerRangeError names as fields.
var powerFlags = map[string]string{"Delta": "--delta", "Alpha": "--alpha", "Power": "--power",
	"Cases": "--cases", "Repeats": "--repeats", "Templates": "--templates", "Simulate": "--simulate"}

// CheckPower sets the spec's Delta from a target in percentage points and checks the
// ranges of its options (analysis.PowerSpec.SetDeltaPoints, CheckRanges): an option out
// of range is an OptionError naming the flags it applies to, "power: --alpha and --power
// must be in (0, 1)". given reports whether the user gave a flag (nil: none given): a
// flag given as 0, which stands for its default, is refused.
func CheckPower(ps *analysis.PowerSpec, deltaPoints float64, given func(flag string) bool) error {
	// 0 stands for each of these flags' default (no target, the pilot's cases, repeats or
	// templates): a 0 given would be planned as if not given (--delta 0 printing no power
	// at Δ 0, --cases 0 the pilot's cases), so it is refused, as --seed 0 is.
	for _, z := range []struct {
		flag string
		zero bool
		why  string
	}{{"delta", deltaPoints == 0, "a target difference of 0 cannot be detected (a test rejects there at --alpha, whatever the study); give a positive difference, or leave --delta out"},
		{"cases", ps.Cases == 0, "a study needs cases; leave --cases out for the pilot's"},
		{"repeats", ps.Repeats == 0, "a study needs repeats; leave --repeats out for the pilot's"},
		{"templates", ps.Templates == 0, "a study needs templates; leave --templates out for as many as keep the pilot's cases per template"}} {
		if z.zero && given != nil && given(z.flag) {
			return optionError(fmt.Errorf("power: --%s 0: %s", z.flag, z.why))
		}
	}
	if err := ps.SetDeltaPoints(deltaPoints); err != nil {
		return powerRangeError(err)
	}
	if err := ps.CheckRanges(); err != nil {
		return powerRangeError(err)
	}
	return nil
}

// powerRangeError is the OptionError of err, naming the flags of the options out of range.
func powerRangeError(err error) error {
	var re *analysis.PowerRangeError
	if !errors.As(err, &re) {
		return optionError(fmt.Errorf("power: %w", err))
	}
	names := make([]string, len(re.Options))
	for i, o := range re.Options {
		names[i] = powerFlags[o]
	}
	list := names[len(names)-1]
	if len(names) > 1 {
		list = strings.Join(names[:len(names)-1], ", ") + " and " + list
	}
	return optionError(fmt.Errorf("power: %s %s", list, re.Want))
}

// StatedPower plans from the spec's stated rates, with no release: the power table. A
// spec it cannot plan from is an OptionError.
func StatedPower(ps analysis.PowerSpec) ([]*results.Table, error) {
	p, err := analysis.StatedPower(ps)
	if err != nil {
		return nil, optionError(err)
	}
	return []*results.Table{results.BuildPower(p, "")}, nil
}

// Power plans from the release as the pilot (analysis.Release.Power) after resolving the
// spec's names in it (a name that is not there is an OptionError): the power table,
// stamped (Stamp).
func (o *Options) Power(r *Release, ps analysis.PowerSpec) ([]*results.Table, error) {
	// Several policies come only from a verdict dataset (the command refuses several
	// --policy, and --verdicts takes none): planning from the first alone would pass over
	// the others unasked, so the dataset is refused as several --policy values are.
	if len(r.Releases) > 1 {
		return nil, optionError(fmt.Errorf("power: the verdict dataset holds %d policies (%s) and power plans from one: write a dataset of one (score --format parquet --policy P --out DIR)", len(r.Releases), r.PolicyNames()))
	}
	rel := r.Releases[0]
	if err := ps.Compare.Resolve(rel); err != nil {
		return nil, optionError(fmt.Errorf("power: %w", err))
	}
	p, err := rel.Power(ps, o.Stat)
	if err != nil {
		return nil, err
	}
	return o.stamped(r)([]*results.Table{results.BuildPower(p, r.Mark())}, nil)
}
