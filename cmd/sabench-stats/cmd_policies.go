package main

import (
	"github.com/sabench/sabench-stats/oracle"
	"github.com/sabench/sabench-stats/results"
)

func init() {
	register(command{name: "policies", summary: "leaderboards under authorization policies: ECS per policy, Δ vs safeact, τ-b and ρ, rank changes", run: runPolicies})
}

func runPolicies(e *env, args []string) error {
	fs := newFlagSet(e, "policies", "[flags]")
	c := addCommon(e, fs, "")
	fs.Lookup("policy").Usage = "policies to compare: presets (safeact, near-miss, toolsandbox, tau-bench, appworld) or JSON policy files (repeatable; default every preset; safeact is the baseline when included)"
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if err := c.check(); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usagef("policies takes no arguments (got %q); choose policies with --policy", fs.Args())
	}
	// The alternative policies are scored on the main condition only: the comparison
	// reads nothing else.
	_, rels, _, _, err := c.scoreAll(true)
	if err != nil {
		return err
	}
	ts, err := policyComparison(rels).Tables(c.stats())
	if err != nil {
		return err
	}
	pols := make([]oracle.Policy, len(rels))
	for i, r := range rels {
		pols[i] = r.Policy
	}
	ts = append([]*results.Table{policySettings(pols)}, ts...)
	if c.out != "" {
		return results.WriteTableFile(c.out, c.outFormat(), ts...)
	}
	return results.RenderAll(e.stdout, ts, c.outFormat())
}

// policySettings lists every switch of each compared policy with its settings hash, so
// that every output names what was scored.
func policySettings(pols []oracle.Policy) *results.Table {
	col := func(key, header string) results.Column {
		return results.Column{Key: key, Header: header, Kind: results.KindText}
	}
	t := &results.Table{ID: "policy_settings", Title: "Authorization policies compared",
		Columns: []results.Column{col("policy", "Policy"), col("binding", "Binding"), col("timing", "Timing"), col("coverage", "Coverage"),
			col("coverage_at", "Coverage at"), col("propagation", "Propagation"), col("order", "Order"), col("non_action", "Non-action"), col("hash", "Settings hash")}}
	for _, p := range pols {
		t.AddRow(results.Text(p.Name), results.Text(p.Binding), results.Text(p.Timing), results.Text(p.Coverage),
			results.Text(p.CoverageAt), results.Text(p.Propagation), results.Text(p.Order), results.Text(p.NonAction), results.Text(p.Hash()))
	}
	t.Notes = append(t.Notes, "The hash covers the seven switches (not the name); DESIGN §4 defines each switch. "+
		"Coverage at: last reproduces evaluator release 85c044b, first_and_last revision 4f33847.")
	return t
}
