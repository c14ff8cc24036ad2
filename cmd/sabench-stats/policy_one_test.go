package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestPolicyTablesOfOnePolicy: the policy comparison of one policy compared it with
// itself (Δ vs safeact 0.0 and Kendall τ-b 1.000 for every configuration), a line that
// reads as a finding. policies and tables name it refused before scoring (a verdict
// dataset of one policy once read); report leaves the three tables out and says why, as
// it left out the policy_ranks figure and as view leaves them out.
func TestPolicyTablesOfOnePolicy(t *testing.T) {
	want := "compare authorization policies, and only one is scored (near-miss): give two or more --policy, or none for the default comparison"
	wantUsage(t, "policy_settings, policies, policy_ranks "+want, append([]string{"policies", "--policy", "near-miss"}, fixtureArgs...)...)
	wantUsage(t, "policies, policy_ranks "+want, append([]string{"tables", "policies", "policy_ranks", "--policy", "near-miss"}, fixtureArgs...)...)
	dir := t.TempDir()
	ds := filepath.Join(dir, "ds") + "/"
	mustRun(t, append([]string{"score", "--policy", "near-miss", "--format", "parquet", "--out", ds}, fixtureArgs...)...)
	wantUsage(t, "policy_settings, policies, policy_ranks "+want, "policies", "--verdicts", ds, "--bench", fixtureArgs[1])
	rep := filepath.Join(dir, "r")
	_, stderr := mustRun(t, append([]string{"report", "--policy", "near-miss", "--resamples", "0", "--out", rep}, fixtureArgs...)...)
	if !strings.Contains(stderr, "not written: the tables policies, policy_ranks, policy_settings: only one policy scored (near-miss), and they compare policies") {
		t.Errorf("report does not say why the policy tables are left out:\n%s", stderr)
	}
	for _, f := range []string{"policies.txt", "policy_ranks.txt", "policy_settings.txt"} {
		if _, err := os.Stat(filepath.Join(rep, "tables", f)); err == nil {
			t.Errorf("report wrote %s", f)
		}
	}
	// Two policies: compared.
	mustRun(t, append([]string{"policies", "--policy", "near-miss,safeact", "--resamples", "0"}, fixtureArgs...)...)
}
