package main

import (
	"github.com/sabench/sabench-stats/results"
)

func init() {
	register(command{name: "policies", summary: "leaderboards under authorization policies: ECS per policy, Δ vs safeact, τ-b and ρ, rank changes", run: runPolicies})
}

func runPolicies(e *env, args []string) error {
	fs := newFlagSet(e, "policies", "[flags]")
	c := addCommon(e, fs, groupInput|groupJobs|groupStats|groupClustered|groupTables, "")
	c.addVerdicts(fs)
	fs.Lookup("policy").Usage = "policies to compare: presets (safeact, near-miss, toolsandbox, tau-bench, appworld) or JSON policy files (repeatable; default every preset; safeact is the baseline when included)"
	if err := c.parse(fs, args, "; choose policies with --policy"); err != nil {
		return err
	}
	if err := c.checkTableTarget(3); err != nil { // policy_settings, policies, policy_ranks
		return err
	}
	// The alternative policies are scored on the main condition only: the comparison
	// reads nothing else.
	sr, err := c.scoreAll(true)
	if err != nil {
		return err
	}
	var specs []results.Spec
	for _, id := range []string{"policy_settings", "policies", "policy_ranks"} {
		s, _ := results.Lookup(id)
		specs = append(specs, s)
	}
	ts, err := results.Build(c.tableInput(sr), specs)
	if err != nil {
		return err
	}
	return c.writeTables(e, ts)
}
