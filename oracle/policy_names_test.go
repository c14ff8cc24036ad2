package oracle

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestPolicyNamesAreUnambiguous: every output labels a policy by its name, so one name
// must mean one set of switches. A file named like a preset with other settings was
// scored and printed as that preset ("policy safeact … coverage=off"), and beside the
// preset in policies it was dropped without a word (LookupPolicies kept the first of a
// name).
func TestPolicyNamesAreUnambiguous(t *testing.T) {
	dir := t.TempDir()
	file := func(name, body string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	offSafeact := file("off.json", `{"name": "safeact", "coverage": "off"}`)
	if _, err := LookupPolicy(offSafeact); err == nil || !strings.Contains(err.Error(), `the preset "safeact"`) {
		t.Errorf("a file reusing the preset name safeact with coverage off: %v", err)
	}
	same := file("same.json", `{"name": "safeact", "coverage": "required"}`)
	if p, err := LookupPolicy(same); err != nil || p.Hash() != SafeAct.Hash() {
		t.Errorf("a file that is safeact under its name: %v, %v", p, err)
	}
	a := file("a.json", `{"name": "mine", "binding": "value"}`)
	b := file("b.json", `{"name": "mine", "binding": "off", "non_action": "any_stop"}`)
	if _, err := LookupPolicies([]string{"safeact", a, b}); err == nil || !strings.Contains(err.Error(), `"mine"`) {
		t.Errorf("two files named mine with other settings: %v", err)
	}
	a2 := file("a2.json", `{"name": "mine", "binding": "value"}`)
	if ps, err := LookupPolicies([]string{a, a2}); err != nil || len(ps) != 1 {
		t.Errorf("the same policy twice: %v, %v", ps, err)
	}
}
