package main

import (
	"path/filepath"
	"testing"
)

// TestResamplesFloor checks that --resamples below bootstrap.MinResamples is a usage error
// unless --force, and that 0 (no intervals) and the floor itself are accepted.
func TestResamplesFloor(t *testing.T) {
	wantUsage(t, "--resamples 999 is below 1000", "tables", "T1", "--resamples", "999")
	wantUsage(t, "pass --force", "tables", "T1", "--resamples", "2")
	for _, args := range [][]string{{"--resamples", "2", "--force"}, {"--resamples", "0"}, {"--resamples", "1000"}} {
		small := []string{"tables", "T4", "--bench", filepath.Join(ingestTestdata, "safeactbench"), "--runs", filepath.Join(harnessTestdata, "batch.golden.jsonl")}
		if _, stderr, code := runCLI(t, append(small, args...)...); code != 0 {
			t.Errorf("tables T1 %v: exit %d, stderr %s", args, code, stderr)
		}
	}
}

// TestResamplesOne: one resample is no spread; --resamples 1 --force failed at the first
// rank set ("want at least 2") after scoring (exit 1). It is a usage error before it.
func TestResamplesOne(t *testing.T) {
	wantUsage(t, "--resamples 1: a bootstrap needs at least 2", "tables", "T2", "--resamples", "1", "--force")
}

// TestNoIgnoredStatFlags checks that a command whose outputs have no pass^k (policies,
// domains, compare, figures) or no p-values (domains) does not take --passk or --adjust:
// -h lists only the flags a command reads, and one it would ignore is a usage error.
func TestNoIgnoredStatFlags(t *testing.T) {
	for _, args := range [][]string{
		{"policies", "--passk", "per-case"},
		{"domains", "--passk", "per-case"},
		{"compare", "a/b", "a/c", "--passk", "per-case"},
		{"figures", "--passk", "per-case"},
		{"domains", "--adjust", "bh"},
	} {
		wantUsage(t, "flag provided but not defined: -"+args[len(args)-2][2:], args...)
	}
}

// TestStatFlagRanges: --level NaN (which every comparison with 0 and 1 lets through) and
// --resamples above the bootstrap's ceiling are usage errors found before scoring, not
// failures of the first interval after it (exit 1).
func TestStatFlagRanges(t *testing.T) {
	wantUsage(t, "--level must be in (0, 1)", "tables", "T1", "--level", "NaN")
	wantUsage(t, "--resamples 100000001 is above 100000000", "tables", "T1", "--resamples", "100000001")
}

// TestSetGivenTwice: a case set named twice with two files kept the last silently; it is
// refused (the same file twice is one set).
func TestSetGivenTwice(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.txt"), filepath.Join(dir, "b.txt")
	wantUsage(t, "--set mine is given twice", "tables", "T1", "--set", "mine="+a, "--set", "mine="+b)
}

// TestClustersNeedClustered: no output of domains, policies or figures resamples clusters
// unless --clustered, so --clusters alone changed nothing; it is refused there. (tables,
// report and view keep it: their variance table reads the clusters either way.)
func TestClustersNeedClustered(t *testing.T) {
	for _, cmd := range []string{"domains", "policies", "figures"} {
		wantUsage(t, cmd+": --clusters applies with --clustered", cmd, "--clusters", "nofile.csv")
	}
}

// TestVerdictsRefusesInspectByName: --verdicts beside --inspect is refused naming
// --inspect (it said "--verdicts replaces --runs", a flag not given).
func TestVerdictsRefusesInspectByName(t *testing.T) {
	wantUsage(t, "--verdicts replaces --inspect", "tables", "T2", "--bench", "builtin", "--verdicts", t.TempDir(), "--inspect", inspectLogs)
}

// TestDirectoryOutNotStdout: report and figures write directories; --out - (stdout to
// every other command) made a directory named "-". It is refused.
func TestDirectoryOutNotStdout(t *testing.T) {
	for _, cmd := range []string{"report", "figures"} {
		wantUsage(t, cmd+": --out must name a directory", cmd, "--out", "-", "--bench", "builtin", "--runs", filepath.Join(t.TempDir(), "none.jsonl"))
	}
}
