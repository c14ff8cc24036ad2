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
	p, q = p.WithDefaults(), q.WithDefaults()
	pairs := []struct{ name, a, b string }{
		{"binding", p.Binding, q.Binding},
		{"timing", p.Timing, q.Timing},
		{"coverage", p.Coverage, q.Coverage},
		{"coverage_at", p.CoverageAt, q.CoverageAt},
		{"propagation", p.Propagation, q.Propagation},
		{"order", p.Order, q.Order},
		{"non_action", p.NonAction, q.NonAction},
		{"confirmation", p.ConfirmationRule(), q.ConfirmationRule()},
	}
	var out []string
	for _, s := range pairs {
		if s.a != s.b {
			out = append(out, s.name+"="+s.a)
		}
	}
	return out
}
