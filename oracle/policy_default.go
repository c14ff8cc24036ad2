package oracle

// LookupPoliciesOr is LookupPolicies with a default for no names: safeact alone, or every
// preset when all is true (the commands that compare policies).
func LookupPoliciesOr(names []string, all bool) ([]Policy, error) {
	if len(names) == 0 {
		names = []string{SafeAct.Name}
		if all {
			names = PresetNames()
		}
	}
	return LookupPolicies(names)
}

// ConfirmationComparison names the policies compared on a bench whose cases carry
// action_rules: the confirmation presets, then tau-bench (the benchmark's own checks
// alone, which with binding=off reads no requirement).
var ConfirmationComparison = []string{"tau-strict", "tau-lenient", "tau-reads", "tau-bench"}

// LookupPoliciesFor is LookupPoliciesOr for a bench whose cases carry action_rules when
// rules is true: the default is then tau-strict alone, or ConfirmationComparison when all
// is true.
func LookupPoliciesFor(names []string, all, rules bool) ([]Policy, error) {
	if len(names) == 0 && rules {
		names = []string{ConfirmationPresets[0].Name}
		if all {
			names = ConfirmationComparison
		}
	}
	return LookupPoliciesOr(names, all)
}
