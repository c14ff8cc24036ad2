package main

import (
	"strings"
	"testing"
)

// TestTablesListNamesEveryTable: --list prints every registry id with its title, one a
// line, in report order.
func TestTablesListNamesEveryTable(t *testing.T) {
	stdout, stderr, code := runCLI(t, "tables", "--list")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	lines := strings.Split(strings.TrimSuffix(stdout, "\n"), "\n")
	if len(lines) != 19 || !strings.HasPrefix(lines[0], "T1 ") || !strings.HasPrefix(lines[18], "policy_settings  Authorization policies compared") {
		t.Errorf("tables --list:\n%s", stdout)
	}
	if _, stderr, code := runCLI(t, "tables", "nosuch"); code != 2 || !strings.Contains(stderr, `unknown table "nosuch"`) {
		t.Errorf("unknown table: exit %d, %s", code, stderr)
	}
}

// TestTablesReachesPolicyTables: the policy tables go through the same registry as T1–T14.
func TestTablesReachesPolicyTables(t *testing.T) {
	t.Parallel() // scores the built-in release
	stdout, stderr, code := runCLI(t, "tables", "policy_settings", "POLICY_RANKS", "--policy", "safeact,tau-bench", "--resamples", "0", "--format", "csv")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{"safeact,entity,before,required,last,reference,strict,investigated,7d7b76492f0c",
		"tau-bench,a3edea9afd08,", "policy,hash,tau_b"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("output lacks %q:\n%s", want, stdout)
		}
	}
	if _, stderr, code := runCLI(t, "tables", "T4", "--shared-harness", "inspekt", "--resamples", "0"); code != 2 || !strings.Contains(stderr, `unknown shared harness "inspekt"`) {
		t.Errorf("unknown shared harness: exit %d, %s", code, stderr)
	}
}
