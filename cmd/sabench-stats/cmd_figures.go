package main

import (
	"fmt"
	"strings"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/figures"
)

func init() {
	register(command{name: "figures", summary: "write every figure as SVG, PDF and PNG into --out", run: runFigures})
}

func runFigures(e *env, args []string) error {
	fs := newFlagSet(e, "figures", "[flags]")
	c := addCommon(e, fs, groupInput|groupJobs|groupStats|groupClustered|groupOut, "sabench-figures")
	c.addVerdicts(fs)
	fs.Lookup("out").Usage = "directory that receives the figures (created if needed)"
	fs.Lookup("policy").Usage = "policies scored (repeatable; default every preset, for the policy-ranks figure); the other figures use safeact, or the first policy when safeact is not among them"
	c.addChoices(fs, false)
	size := fs.String("size", "column", "figure size: column (3.5 in, 7 pt), page (7 in, 8 pt) or slide (12 × 6.5 in, 13 pt)")
	if err := c.parse(fs, args, ""); err != nil {
		return err
	}
	opt, err := figures.SizeNamed(*size)
	if err != nil {
		return usagef("%v", err)
	}
	if c.out == "" {
		return usagef("figures: --out must name a directory")
	}
	sr, err := c.scoreAll(true)
	if err != nil {
		return err
	}
	pc := analysis.NewPolicyComparison(sr.Releases)
	figs, skipped, err := figures.Report(pc.Base, pc, c.stats(), c.choices)
	if err != nil {
		return err
	}
	figs = figures.Marked(figs, sr.Synthetic)
	written, err := figures.WriteEach(c.out, figs, opt)
	if err != nil {
		return err
	}
	var b strings.Builder
	for _, p := range written {
		b.WriteString(p + "\n")
	}
	if _, err := fmt.Fprint(e.stdout, b.String()); err != nil {
		return err
	}
	// The figures cannot carry the policy themselves; say which one they show.
	fmt.Fprintf(e.stderr, "figures: %d figures scored under policy %s", len(figs), pc.Base.Policy.String())
	if len(pc.Releases) > 1 {
		fmt.Fprintf(e.stderr, "; policy_ranks compares %s", sr.PolicyNames())
	}
	fmt.Fprintln(e.stderr)
	for _, why := range skipped {
		fmt.Fprintf(e.stderr, "figures: not written: %s\n", why)
	}
	return nil
}
