package oracle

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// TestLookupPolicies: names resolve in order without repeats; a name that is neither a
// preset nor a file is an UnknownPolicyError, a policy file with bad contents is not.
func TestLookupPolicies(t *testing.T) {
	ps, err := LookupPolicies([]string{"near-miss", "safeact", "near-miss"})
	if err != nil || len(ps) != 2 || ps[0].Name != "near-miss" || ps[1].Name != "safeact" {
		t.Fatalf("LookupPolicies = %v, %v", ps, err)
	}
	var unknown *UnknownPolicyError
	if _, err := LookupPolicies([]string{"safeact", "no-such-policy"}); !errors.As(err, &unknown) {
		t.Errorf("unknown name: %v (%T)", err, err)
	}
	if _, err := LookupPolicies([]string{t.TempDir()}); !errors.As(err, &unknown) {
		t.Errorf("a directory: %v (%T)", err, err)
	}
	bad := filepath.Join(t.TempDir(), "p.json")
	if err := os.WriteFile(bad, []byte(`{"name": 1}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := LookupPolicies([]string{bad}); err == nil || errors.As(err, &unknown) {
		t.Errorf("a bad policy file: %v (%T)", err, err)
	}
}
