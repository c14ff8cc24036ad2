package oracle

import (
	"strings"
	"testing"
)

// TestPolicyReadBy: what cases read of a policy. SafeActBench cases read every switch but
// confirmation; action-rules cases binding, timing and confirmation (binding alone when
// it is off), so tau-lenient is safeact on the first and safeact-4f33847 is tau-strict on
// the second; each stays apart where its switch is read.
func TestPolicyReadBy(t *testing.T) {
	get := func(name string) Policy {
		p, err := LookupPolicy(name)
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	same := func(a, b string, rules, others bool) bool {
		return get(a).ReadBy(rules, others) == get(b).ReadBy(rules, others)
	}
	for _, c := range []struct {
		a, b          string
		rules, others bool
		want          bool
	}{
		{"tau-lenient", "safeact", false, true, true},
		{"tau-reads", "tau-lenient", false, true, true},
		{"tau-lenient", "safeact", true, false, false},
		{"tau-lenient", "safeact", true, true, false},
		{"safeact-4f33847", "tau-strict", true, false, true},
		{"safeact-4f33847", "safeact", false, true, false},
		{"toolsandbox", "near-miss", true, false, true},
		{"toolsandbox", "near-miss", false, true, false},
		{"near-miss", "tau-strict", true, false, false},
		{"tau-bench", "appworld", true, true, true},
		{"tau-bench", "tau-strict", true, false, false},
	} {
		if got := same(c.a, c.b, c.rules, c.others); got != c.want {
			t.Errorf("%s and %s read alike (rules %v, others %v): %v, want %v", c.a, c.b, c.rules, c.others, got, c.want)
		}
	}
	// binding off on action-rules cases reads nothing else, confirmation included.
	off := Policy{Name: "x", Binding: BindingOff, Timing: TimingAnytime, Confirmation: ConfirmationAffirmative}.WithDefaults()
	if off.ReadBy(true, false) != get("tau-bench").ReadBy(true, false) {
		t.Errorf("binding off, timing anytime, confirmation affirmative: not tau-bench on action-rules cases")
	}
	if got := strings.Join(get("toolsandbox").SwitchesApart(get("near-miss")), " "); got != "coverage=off propagation=reference" {
		t.Errorf("toolsandbox apart from near-miss: %q", got)
	}
	if got := strings.Join(get("tau-lenient").SwitchesApart(get("safeact")), " "); got != "confirmation=affirmative" {
		t.Errorf("tau-lenient apart from safeact: %q", got)
	}
}
