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
