package main

import (
	"flag"
	"fmt"
	"strings"

	"github.com/sabench/sabench-stats/cmd/internal/cli"
	"github.com/sabench/sabench-stats/figures"
	"github.com/sabench/sabench-stats/results/job"
)

func init() {
	registerAnalysis(analysisCommand{name: "figures", summary: "write every figure as SVG, PDF and PNG into --out",
		usage: "[flags]", groups: groupInput | groupJobs | groupStats | groupClustered | groupOut | groupVerdicts | groupHarness | groupNoPassK, out: "sabench-figures",
		setup: setupFigures})
}

func setupFigures(e *cli.Env, fs *flag.FlagSet, c *common) *steps {
	fs.Lookup("out").Usage = "directory that receives the figures (created if needed)"
	fs.Lookup("policy").Usage = "policies scored (repeatable; default the six SafeActBench presets, on a tau-bench: bench tau-strict, tau-lenient, tau-reads and tau-bench, for the policy-ranks figure); the other figures use the first, as the tables do"
	size := fs.String("size", "column", "figure size: column (3.5 in, 7 pt), page (7 in, 8 pt) or slide (12 × 6.5 in, 13 pt)")
	var opt figures.Options
	return &steps{scoring: job.Scoring{All: true, MainOnly: true},
		check: func() (err error) {
			if opt, err = figures.SizeNamed(*size); err != nil {
				return usagef("%v", err)
			}
			if c.out == "" || c.out == "-" {
				return usagef("figures: --out must name a directory (the figures are files, not a stream)")
			}
			if err := job.CheckOutDir(c.out); err != nil {
				return err
			}
			// The one figure that reads them (harness_differences: T4's pairs and their
			// adjusted p) does not apply to action-rules cases: checked by the bench's name,
			// and by what it holds once loaded.
			err = c.CheckOfficial(func(official bool) error {
				if set := cli.Given(fs, "shared-harness", "adjust"); set != "" && official {
					return usagef("figures: --%s changes no figure on %s: harness_differences, the figure that reads it, does not apply to action-rules cases (τ-bench trajectories come from one harness per configuration)", set, c.Source.Bench)
				}
				return nil
			})
			if err != nil {
				return err
			}
			return c.checkClustersUsed(fs)
		},
		build: func(r *job.Release) error { return c.writeFigures(e, r, opt) },
	}
}

// writeFigures writes every figure into --out (job.Options.Figures), listing the files
// on stdout and saying on stderr which policy they show and which could not be drawn.
func (c *common) writeFigures(e *cli.Env, r *job.Release, opt figures.Options) error {
	ff, err := c.Figures(c.out, r, opt)
	if err != nil {
		return err
	}
	var b strings.Builder
	for _, p := range ff.Files {
		b.WriteString(p + "\n")
	}
	if _, err := fmt.Fprint(e.Stdout, b.String()); err != nil {
		return err
	}
	for _, n := range ff.Notes(r) {
		fmt.Fprintf(e.Stderr, "figures: %s\n", n)
	}
	return nil
}
