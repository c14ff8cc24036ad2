package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestPolicyNoCaseReads: a --policy that differs from safeact (or from a policy given
// before it) only in switches no case of the bench reads is refused before scoring (exit
// 2), naming the switches: its outputs carried its own name and hash over safeact's
// numbers (tau-lenient on SafeActBench cases printed safeact's T2 as tau-lenient's,
// 2ffbd3a4aa00; safeact-4f33847 on τ-bench printed tau-strict's). Where the switch is
// read the policy is taken.
func TestPolicyNoCaseReads(t *testing.T) {
	tauRuns := filepath.Join(t.TempDir(), "tau.jsonl")
	if _, stderr, code := runCLI(t, "ingest", "--tau", tauShared, "--config", "gpt-4o/tool-calling", "--out", tauRuns); code != 0 {
		t.Fatal(stderr)
	}
	real := []string{"--bench", filepath.Join(ingestTestdata, "safeactbench"), "--runs", filepath.Join(harnessTestdata, "batch.golden.jsonl")}
	tau := []string{"--bench", "tau-bench:airline", "--runs", tauRuns}
	dir := t.TempDir()
	out := filepath.Join(dir, "t.txt")
	for _, c := range []struct {
		args []string
		want string
	}{
		{append([]string{"tables", "T2", "--resamples", "0", "--out", out, "--policy", "tau-lenient"}, real...),
			"--policy tau-lenient would score every episode of this bench as safeact does, under another name: it differs from safeact only in confirmation=affirmative, which only cases with action_rules read, and the bench has none"},
		{append([]string{"score", "--policy", "safeact,tau-reads", "--out", filepath.Join(dir, "v.jsonl")}, real...), "--policy tau-reads would score every episode of this bench as safeact does"},
		{append([]string{"tables", "T2", "--resamples", "0", "--out", out, "--policy", "safeact-4f33847"}, tau...),
			"--policy safeact-4f33847 would score every episode of this bench as tau-strict does, under another name: it differs from tau-strict only in coverage_at=first_and_last, which cases with action_rules do not read"},
		{append([]string{"policies", "--resamples", "0", "--out", filepath.Join(dir, "p") + "/", "--policy", "near-miss,toolsandbox"}, tau...),
			"--policy toolsandbox would score every episode of this bench as near-miss does, under another name: it differs from near-miss only in coverage=off propagation=reference"},
		{append([]string{"explain", "gpt-4o/tool-calling|TAU-AIRLINE-45|0|main", "--out", out, "--policy", "safeact-4f33847"}, tau...), "--policy safeact-4f33847 would score"},
	} {
		_, stderr, code := runCLI(t, c.args...)
		if code != 2 || !strings.Contains(stderr, c.want) {
			t.Errorf("%v: exit %d, want 2 and %q:\n%s", c.args, code, c.want, stderr)
		}
		if names, _ := os.ReadDir(dir); len(names) > 0 {
			t.Fatalf("%v: wrote %s", c.args, names[0].Name())
		}
	}
	for _, args := range [][]string{
		append([]string{"tables", "T2", "--resamples", "0", "--policy", "safeact-4f33847"}, real...),
		append([]string{"tables", "T2", "--resamples", "0", "--policy", "tau-lenient"}, tau...),
		append([]string{"policies", "--resamples", "0", "--policy", "near-miss,toolsandbox"}, real...),
	} {
		if _, stderr, code := runCLI(t, args...); code != 0 {
			t.Errorf("%v: exit %d:\n%s", args, code, stderr)
		}
	}
}
