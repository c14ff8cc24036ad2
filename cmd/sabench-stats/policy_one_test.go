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

// TestReportOfOnePolicyKeepsOfficial: official reads every scored policy but compares none
// with another, so tables official takes one --policy; report left it out with the policy
// comparison ("the tables policies, policy_ranks, policy_settings, official: only one policy
// scored (tau-strict), and they compare policies"), picking its tables by what they read.
func TestReportOfOnePolicyKeepsOfficial(t *testing.T) {
	runs := filepath.Join(t.TempDir(), "tau.jsonl")
	mustRun(t, "ingest", "--tau", tauShared, "--config", "gpt-4o/tool-calling", "--out", runs)
	rep := filepath.Join(t.TempDir(), "r")
	_, stderr := mustRun(t, "report", "--bench", "tau-bench:airline", "--runs", runs, "--policy", "tau-strict", "--resamples", "0", "--out", rep)
	if want := "not written: the tables policies, policy_ranks, policy_settings: only one policy scored (tau-strict), and they compare policies\n"; !strings.Contains(stderr, want) {
		t.Errorf("stderr lacks %q:\n%s", want, stderr)
	}
	csv, err := os.ReadFile(filepath.Join(rep, "tables", "official.csv"))
	if err != nil {
		t.Fatal(err)
	}
	// The hand count of TestReportTau: reward 53%, authorized 48% under tau-strict.
	if !strings.Contains(string(csv), "tau-strict,gpt-4o/tool-calling,100,25,53.0,48.0,") {
		t.Errorf("official.csv:\n%s", csv)
	}
}

// TestTablesDefaultOnTauWritesOfficial: official, the table of a τ-bench bench, reads every
// scored policy (it was made a NeedPolicies table for that), and the default tables of one
// policy left out every NeedPolicies table, so tables without table names and view under one
// policy no longer wrote it. The defaults leave out the policy comparison's tables alone
// (Spec.ComparesPolicies). Without --policy, the default tables scored tau-strict alone, so
// their official.csv held one row per configuration where `tables official` on the same
// input holds one per confirmation preset (tau-strict, tau-lenient, tau-reads, tau-bench):
// the bench is now scored under those presets for its default tables too, and the policy
// comparison's tables come with them, as in the report.
func TestTablesDefaultOnTauWritesOfficial(t *testing.T) {
	runs := filepath.Join(t.TempDir(), "tau.jsonl")
	mustRun(t, "ingest", "--tau", tauShared, "--config", "gpt-4o/tool-calling", "--out", runs)
	out := filepath.Join(t.TempDir(), "t") + "/"
	mustRun(t, "tables", "--bench", "tau-bench:airline", "--runs", runs, "--resamples", "0", "--format", "csv", "--out", out)
	csv, err := os.ReadFile(filepath.Join(out, "official.csv"))
	if err != nil {
		t.Fatal(err)
	}
	alone, _ := mustRun(t, "tables", "official", "--bench", "tau-bench:airline", "--runs", runs, "--resamples", "0", "--format", "csv")
	if string(csv) != alone {
		t.Errorf("official.csv of the default tables:\n%s\ntables official:\n%s", csv, alone)
	}
	for _, pol := range []string{"tau-strict", "tau-lenient", "tau-reads", "tau-bench"} {
		if !strings.Contains(string(csv), "\n"+pol+","+pol+",gpt-4o/tool-calling,100,25,53.0,") {
			t.Errorf("official.csv has no row of %s:\n%s", pol, csv)
		}
	}
	for _, f := range []string{"policies.csv", "policy_ranks.csv", "policy_settings.csv"} {
		if _, err := os.Stat(filepath.Join(out, f)); err != nil {
			t.Errorf("the confirmation presets scored, and %s not written: %v", f, err)
		}
	}
	// One policy given: one row per configuration, and no comparison.
	one := filepath.Join(t.TempDir(), "one") + "/"
	mustRun(t, "tables", "--bench", "tau-bench:airline", "--runs", runs, "--policy", "tau-reads", "--resamples", "0", "--format", "csv", "--out", one)
	csv, err = os.ReadFile(filepath.Join(one, "official.csv"))
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(csv), "\n"); n != 2 || !strings.Contains(string(csv), "\ntau-reads,tau-reads,") {
		t.Errorf("--policy tau-reads: official.csv:\n%s", csv)
	}
	if _, err := os.Stat(filepath.Join(one, "policies.csv")); err == nil {
		t.Error("one policy scored, and policies.csv written")
	}
}
