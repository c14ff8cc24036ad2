package oracle

// ReadBy returns p's settings as the cases of a bench read them: the switches no case reads
// set to safeact's values, and no name, so that two policies the bench cannot tell apart
// compare equal. Cases with action_rules (rules) read binding, timing and confirmation
// alone, and binding alone when it is off (scoreRules); the other cases (others) read every
// switch but confirmation.
func (p Policy) ReadBy(rules, others bool) Policy {
	q := p.WithDefaults()
	q.Name = ""
	if !others {
		q.Coverage, q.Propagation, q.Order = SafeAct.Coverage, SafeAct.Propagation, SafeAct.Order
		q.NonAction, q.CoverageAt = SafeAct.NonAction, SafeAct.CoverageAt
		if q.Binding == BindingOff {
			q.Timing = SafeAct.Timing
		}
	}
	if !rules || q.Binding == BindingOff {
		q.Confirmation = ""
	}
	return q
}

// SwitchesApart lists the switches whose values differ between p and q, each as p's
// name=value, in the order String prints them.
func (p Policy) SwitchesApart(q Policy) []string {
	a, b := p.WithDefaults().switchValues(), q.WithDefaults().switchValues()
	var out []string
	for i, sw := range switchDefs {
		if a[i] != b[i] {
			out = append(out, sw.name+"="+a[i])
		}
	}
	return out
}
