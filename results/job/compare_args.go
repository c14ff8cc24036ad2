package job

import (
	"fmt"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/ingest"
)

// CompareArgs takes A and B of a paired comparison (compare, and power from a pilot) into
// spec with its protocols: two different names, --config only with --conditions (A and B
// are then that configuration's conditions), --condition only without (conditionGiven: the
// flag was set). A refusal is an OptionError naming cmd and the flags.
func CompareArgs(cmd, a, b string, protocols []string, conditionGiven bool, spec *analysis.CompareSpec) error {
	switch {
	case a == b:
		return optionError(fmt.Errorf("%s: A and B are both %q", cmd, a))
	case spec.Config != "" && !spec.Conditions:
		return optionError(fmt.Errorf("%s: --config needs --conditions (A and B are then conditions of that configuration)", cmd))
	case spec.Conditions && conditionGiven:
		return optionError(fmt.Errorf("%s: --condition applies to two configurations; with --conditions, A and B are the conditions", cmd))
	}
	ps, err := ingest.ParseProtocols(protocols)
	if err != nil {
		return optionError(err)
	}
	spec.A, spec.B, spec.Protocols = a, b, ps
	if spec.Conditions {
		spec.Condition = "" // the flag's default, which --conditions does not read
	}
	return nil
}

// StatedRates reads power's A and B as two stated rates (analysis.ParseRate: 0.62 or
// 62%): ok when both are rates; an OptionError when one is and the other is not.
func StatedRates(a, b string) (ra, rb float64, ok bool, err error) {
	ra, okA := analysis.ParseRate(a)
	rb, okB := analysis.ParseRate(b)
	if okA != okB {
		return 0, 0, false, optionError(fmt.Errorf("power: give two rates or two names, not %q and %q", a, b))
	}
	return ra, rb, okA, nil
}
