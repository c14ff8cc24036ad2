package main

import (
	"flag"
	"fmt"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/cmd/internal/cli"
	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/results/fsx"
	"github.com/sabench/sabench-stats/results/job"
)

func init() {
	registerAnalysis(analysisCommand{name: "compare", summary: "two configs (or two conditions of one config) on their shared cases: Δ ECS with case-paired and clustered CIs, McNemar",
		usage: "A B [flags]", setup: setupCompare,
		groups: groupInput | groupJobs | groupStats | groupTables | groupVerdicts}) // both intervals always: no --clustered
}

func setupCompare(e *cli.Env, fs *flag.FlagSet, c *common) *steps {
	fs.Lookup("out").Usage = "output: a table file (its extension sets the format when --format is not given), or a directory (existing, or ending in /) that receives one file per table and a forest plot (SVG, PDF, PNG)"
	var ca analysis.CompareSpec
	var protos cli.List
	fs.BoolVar(&ca.Conditions, "conditions", false, "A and B are two conditions of the configuration given by --config")
	fs.StringVar(&ca.Config, "config", "", "the configuration whose conditions are compared (with --conditions)")
	fs.StringVar(&ca.Condition, "condition", ingest.DefaultCondition, "the condition two configurations are compared under")
	fs.Var(&protos, "protocol", "protocols to compare on (repeatable or comma list: legacy, v0, v1, v2, v3; default all)")
	return &steps{
		args: func(pos []string) (err error) {
			switch {
			case len(pos) != 2:
				return usagef("compare wants two arguments, A and B (got %d)", len(pos))
			case pos[0] == pos[1]:
				return usagef("compare: A and B are both %q", pos[0])
			case ca.Config != "" && !ca.Conditions:
				return usagef("compare: --config needs --conditions (A and B are then conditions of that configuration)")
			}
			ca.A, ca.B = pos[0], pos[1]
			ca.Protocols, err = ingest.ParseProtocols(protos)
			return cli.Usage(err)
		},
		build: func(r *job.Release) error {
			return c.writeCompare(e, r, ca)
		},
	}
}

// writeCompare compares A and B in every release (job.Options.Compare) and writes the
// tables, and into a directory --out the forest plot too, listing the files.
func (c *common) writeCompare(e *cli.Env, r *job.Release, ca analysis.CompareSpec) error {
	cp, err := c.Compare(r, ca)
	if err != nil {
		return err
	}
	if c.out == "" || !fsx.IsDirTarget(c.out) {
		return c.writeTables(e, cp.Tables)
	}
	files, err := cp.WriteDir(&c.Options, r, c.out, c.outFormat(), c.render)
	if err != nil {
		return err
	}
	noteEmpty(e, c.name, cp.Tables)
	for _, f := range files {
		fmt.Fprintln(e.Stdout, f)
	}
	return nil
}
