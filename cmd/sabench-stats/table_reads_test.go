package main

import (
	"path/filepath"
	"testing"
)

// TestTableFlagsReadBySome: a flag that only some tables read changed nothing when none
// of the tables asked for reads it (tables T2 --adjust bh printed T2 as without it); it
// is refused before scoring, naming the tables that read it. Where one table asked for
// reads it, it is taken.
func TestTableFlagsReadBySome(t *testing.T) {
	set := filepath.Join(t.TempDir(), "set.txt")
	for _, c := range []struct {
		want string
		args []string
	}{
		{"tables: --adjust changes none of the tables built (T2); it applies to T4, T13, T14, interventions, disagreement, policies", []string{"tables", "T2", "--adjust", "bh"}},
		{"--seed changes none of the tables built (T1, T7)", []string{"tables", "T1", "T7", "--seed", "2"}},
		{"--passk changes none of the tables built (T2); it applies to variance", []string{"tables", "T2", "--passk", "per-case"}},
		{"--clusters changes none of the tables built (T2) without --clustered; it applies to variance", []string{"tables", "T2", "--clusters", "c.csv"}},
		{"--shared-harness changes none of the tables built (T2, T13)", []string{"tables", "T2", "T13", "--shared-harness", "Family"}},
		{"--t14-strategy changes none of the tables built (T13); it applies to T14", []string{"tables", "T13", "--t14-strategy", "scgr_eg"}},
		{"--interventions-set changes none", []string{"tables", "T9", "--interventions-set", "x"}},
		{"--set t9_matched_v1: none of the tables built (T2) reads a case set", []string{"tables", "T2", "--set", "t9_matched_v1=" + set}},
		// What is scored: T1 and T7 read the cases alone, coverage no verdict, cost no
		// exclusion of an infra_failure (it counts excluded episodes too), and the tables of
		// one release the first policy alone.
		{"tables: --policy changes none of the tables built (T1, T7); it applies to T2, T3,", []string{"tables", "T1", "T7", "--policy", "near-miss"}},
		{"--policy changes none of the tables built (coverage)", []string{"tables", "coverage", "--policy", "near-miss"}},
		{"--infra-failures changes none of the tables built (cost, policy_settings)", []string{"tables", "cost", "policy_settings", "--infra-failures", "fail"}},
		{"--dedupe changes none of the tables built (T7)", append([]string{"tables", "T7", "--dedupe", "first"}, fixtureArgs...)},
		{"tables: --policy names several policies, but the tables built (T2, coverage) read the first only; the others apply to policies, policy_ranks, policy_settings",
			[]string{"tables", "T2", "coverage", "--policy", "safeact", "--policy", "near-miss"}},
		{"--set mine: no table built reads a case set of that name; they read t9_matched_v1 (T9)", []string{"tables", "T9", "--set", "mine=" + set}},
		// The default tables of a tau-bench: bench have no shared harness; report builds them all.
		{"--shared-harness changes none of the tables built (T2, T8,", []string{"tables", "--bench", "tau-bench:airline", "--runs", tauShared, "--shared-harness", "x"}},
		{"report: --set mine: no table built reads a case set of that name", []string{"report", "--out", filepath.Join(t.TempDir(), "r"), "--set", "mine=" + set}},
		{"view: --t9-set changes none of the tables built", []string{"view", "--out", filepath.Join(t.TempDir(), "v.html"), "--bench", "tau-bench:airline", "--runs", tauShared, "--t9-set", "x"}},
	} {
		wantUsage(t, c.want, c.args...)
	}
	small := append([]string{"--resamples", "0"}, fixtureArgs...)
	for _, args := range [][]string{
		{"tables", "T2", "T4", "--adjust", "bh"},
		{"tables", "variance", "--passk", "per-case"},
		{"tables", "T2", "--clustered", "--seed", "2"},
		{"tables", "T1", "coverage", "T2", "--infra-failures", "fail", "--dedupe", "last"},
		{"tables", "cost", "T2", "--policy", "near-miss"},
		{"tables", "T2", "policy_settings", "--policy", "safeact", "--policy", "near-miss"},
	} {
		if _, stderr, code := runCLI(t, append(args, small...)...); code != 0 {
			t.Errorf("%v: exit %d: %s", args, code, stderr)
		}
	}
}
