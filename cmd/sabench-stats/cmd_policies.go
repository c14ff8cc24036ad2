package main

import (
	"flag"
	"strings"

	"github.com/sabench/sabench-stats/cmd/internal/cli"
	"github.com/sabench/sabench-stats/oracle"
	"github.com/sabench/sabench-stats/results"
	"github.com/sabench/sabench-stats/results/job"
)

func init() {
	registerAnalysis(analysisCommand{name: "policies", summary: "leaderboards under authorization policies: ECS per policy, Δ vs safeact, τ-b and ρ, rank changes",
		usage: "[flags]", hint: "; choose policies with --policy", setup: setupPolicies,
		groups: groupInput | groupJobs | groupStats | groupClustered | groupTables | groupVerdicts | groupNoPassK})
}

func setupPolicies(_ *cli.Env, fs *flag.FlagSet, c *common) *steps {
	fs.Lookup("policy").Usage = "policies to compare: presets (" + strings.Join(oracle.AllPresetNames(), ", ") + ") or JSON policy files (repeatable; default the six SafeActBench presets, on a tau-bench: bench tau-strict, tau-lenient, tau-reads and tau-bench; safeact is the baseline when included); docs/policies.md says what each does"
	// The alternative policies are scored on the main condition only: the comparison
	// reads nothing else.
	return &steps{scoring: job.Scoring{All: true, MainOnly: true},
		check: func() error {
			if err := c.CheckPolicyTables(results.PolicyTables()); err != nil {
				return err
			}
			return c.checkClustersUsed(fs)
		},
		outputs: func() (int, error) { return len(results.PolicyTables()), nil },
		tables:  func(r *job.Release) ([]*results.Table, error) { return c.Tables(r, results.PolicyTables()) },
	}
}
