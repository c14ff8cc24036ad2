package main

import (
	"os"
	"path/filepath"
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
	// The registry's 20 tables, then the 3 of benches with action rules.
	if len(lines) != 23 || !strings.HasPrefix(lines[0], "T1 ") || !strings.HasPrefix(lines[19], "policy_settings       Authorization policies compared") ||
		!strings.HasPrefix(lines[20], "official ") {
		t.Errorf("tables --list:\n%s", stdout)
	}
	if _, stderr, code := runCLI(t, "tables", "nosuch"); code != 2 || !strings.Contains(stderr, `unknown table "nosuch"`) {
		t.Errorf("unknown table: exit %d, %s", code, stderr)
	}
}

// TestTablesReachesPolicyTables: the policy tables go through the same registry as T1–T14.
func TestTablesReachesPolicyTables(t *testing.T) {
	t.Parallel()
	// The test subset, not the whole built-in release: what is checked is the routing
	// and the policies' settings, which do not depend on the number of episodes.
	runs := subsetRuns(t)
	// Two CSV tables: one file each in the --out directory.
	dir := t.TempDir()
	listing, stderr, code := runCLI(t, "tables", "policy_settings", "POLICY_RANKS", "--bench", "builtin", "--runs", runs, "--policy", "safeact,tau-bench", "--resamples", "0", "--format", "csv", "--out", dir)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var stdout string
	for _, name := range []string{"policy_settings.csv", "policy_ranks.csv"} {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatalf("%v (stdout %q)", err, listing)
		}
		stdout += string(b)
	}
	for _, want := range []string{"switch,safeact,tau-bench", "binding,entity,off", "settings hash,7d7b76492f0c,a3edea9afd08",
		"tau-bench,a3edea9afd08,", "policy,hash,tau_b"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("output lacks %q:\n%s", want, stdout)
		}
	}
	if _, stderr, code := runCLI(t, "tables", "T4", "--bench", "builtin", "--runs", runs, "--shared-harness", "inspekt", "--resamples", "0"); code != 2 || !strings.Contains(stderr, `unknown shared harness "inspekt"`) {
		t.Errorf("unknown shared harness: exit %d, %s", code, stderr)
	}
}

// TestTablesOutExistingFile: several tables into an --out that is an existing file
// without an extension were refused only after scoring ("mkdir: not a directory"); it is
// a usage error before, and the file is left as it was.
func TestTablesOutExistingFile(t *testing.T) {
	f := filepath.Join(t.TempDir(), "tables")
	if err := os.WriteFile(f, []byte("mine\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	wantUsage(t, "is a file, but there are 2 tables", "tables", "T1", "T7", "--out", f)
	if data, err := os.ReadFile(f); err != nil || string(data) != "mine\n" {
		t.Errorf("%s: %q, %v", f, data, err)
	}
}

// TestTablesIDTwice: a table asked for twice (in any case) printed twice on stdout and, into
// a directory, failed after scoring ("would write the same file"); it is a usage error.
func TestTablesIDTwice(t *testing.T) {
	wantUsage(t, "table T2 is asked for twice", "tables", "T2", "t2")
}

// TestTablesListTakesNoFlag: --list prints the ids and exits, so a flag beside it (a
// --format, an input) was ignored; it is refused.
func TestTablesListTakesNoFlag(t *testing.T) {
	wantUsage(t, "tables --list takes no other flag (got --format)", "tables", "--list", "--format", "csv")
}

// TestTablesOutMissingDirectory: a file named in a directory that does not exist is
// refused before scoring (exit 2), not when the file is created after it (exit 1).
func TestTablesOutMissingDirectory(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "missing")
	wantUsage(t, "the directory "+dir+" does not exist", "tables", "T2", "--out", filepath.Join(dir, "t2.txt"))
	if _, err := os.Stat(dir); !os.IsNotExist(err) {
		t.Errorf("%s was made (stat: %v)", dir, err)
	}
}
