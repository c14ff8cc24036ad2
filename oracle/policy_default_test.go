package oracle

import (
	"reflect"
	"testing"
)

// TestLookupPoliciesOr: no names give safeact, or every preset in preset order; names win.
func TestLookupPoliciesOr(t *testing.T) {
	names := func(ps []Policy) (out []string) {
		for _, p := range ps {
			out = append(out, p.Name)
		}
		return out
	}
	for _, c := range []struct {
		names []string
		all   bool
		want  []string
	}{
		{nil, false, []string{"safeact"}},
		{nil, true, PresetNames()},
		{[]string{"near-miss"}, true, []string{"near-miss"}},
	} {
		ps, err := LookupPoliciesOr(c.names, c.all)
		if err != nil || !reflect.DeepEqual(names(ps), c.want) {
			t.Errorf("LookupPoliciesOr(%q, %v) = %q, %v; want %q", c.names, c.all, names(ps), err, c.want)
		}
	}
	if len(PresetNames()) < 2 {
		t.Error("want several presets")
	}
}
