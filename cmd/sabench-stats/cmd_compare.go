package main

import (
	"flag"
	"fmt"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/cmd/internal/cli"
	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/results"
	"github.com/sabench/sabench-stats/results/fsx"
	"github.com/sabench/sabench-stats/results/job"
)

func init() {
	registerAnalysis(analysisCommand{name: "compare", summary: "two configs (or two conditions of one config) on their shared cases: Δ ECS with case-paired and clustered CIs, McNemar; --inspect: two Inspect logs or models, per scorer",
		usage: "A B [flags]", setup: setupCompare, inputs: []string{"logs"}, argsWith: "inspect",
		groups: groupInput | groupOwnInspect | groupJobs | groupStats | groupTables | groupVerdicts | groupNoPassK}) // both intervals always: no --clustered
}

func setupCompare(e *cli.Env, fs *flag.FlagSet, c *common) *steps {
	fs.Lookup("out").Usage = "output: a table file (its extension sets the format when --format is not given), or a directory (existing, or ending in /) that receives one file per table and a forest plot (SVG, PDF, PNG; with --inspect the table only)"
	var ca analysis.CompareSpec
	var protos cli.List
	fs.BoolVar(&ca.Conditions, "conditions", false, "A and B are two conditions of the configuration given by --config")
	fs.StringVar(&ca.Config, "config", "", "the configuration whose conditions are compared (with --conditions)")
	fs.StringVar(&ca.Condition, "condition", ingest.DefaultCondition, "the condition two configurations are compared under")
	fs.Var(&protos, "protocol", "protocols to compare on (repeatable or comma list: legacy, v0, v1, v2, v3; default all)")
	var ir job.InspectCompareRequest
	insp := fs.Bool("inspect", false, "A and B are two Inspect AI logs (.eval or .json), or with --logs two models of a set of logs: compare them scorer by scorer on their shared samples")
	fs.Var(pathList(&ir.Logs), "logs", "with --inspect: the Inspect logs (files, folders, globs; repeatable) whose models A and B are")
	fs.StringVar(&ir.Task, "task", "", "with --inspect --logs: the task compared, when the logs hold several")
	clusterBy := fs.String("cluster-by", "", "with --inspect: resample clusters of samples sharing metadata.KEY instead of samples")
	st := &steps{}
	// Refused before the shared checks, which would ask --runs for a --bench.
	st.early = func() error {
		if !*insp {
			return nil
		}
		if set := cli.Given(fs, "bench", "runs", "policy", "infra-failures", "dedupe", "conditions", "config", "condition", "protocol",
			"clusters", "verdicts", "max-line-bytes"); set != "" {
			return usagef("compare --inspect: --%s applies to SafeActBench episodes, not to Inspect logs", set)
		}
		return nil
	}
	st.args = func(pos []string) error {
		if *insp {
			return c.inspectCompare(st, pos, ir, *clusterBy)
		}
		if set := cli.Given(fs, "logs", "task", "cluster-by"); set != "" {
			return usagef("compare: --%s applies to --inspect", set)
		}
		if len(pos) != 2 {
			return usagef("compare wants two arguments, A and B (got %d)", len(pos))
		}
		if err := job.CompareArgs("compare", pos[0], pos[1], protos, cli.Given(fs, "condition") != "", &ca); err != nil {
			return err
		}
		c.AddBenchCheck(job.CheckFilters(ca.Protocols, nil))
		st.outputs = c.perPolicy
		return nil
	}
	st.build = func(r *job.Release) error {
		return c.writeCompare(e, r, ca)
	}
	return st
}

// inspectCompare takes compare --inspect's arguments (st.early has refused the flags of a
// scored release) and sets the steps to compare the logs (job.InspectCompare) instead.
func (c *common) inspectCompare(st *steps, pos []string, ir job.InspectCompareRequest, clusterBy string) error {
	if len(pos) != 2 {
		return usagef("compare --inspect wants two arguments, A and B (got %d)", len(pos))
	}
	if ir.Task != "" && len(ir.Logs) == 0 {
		return usagef("compare --inspect: --task applies with --logs (A and B are then models)")
	}
	key, err := job.MetadataKey("cluster-by", clusterBy)
	if err != nil {
		return err
	}
	ir.A, ir.B, ir.ClusterBy = pos[0], pos[1], key
	st.instead = func() ([]*results.Table, error) { return c.InspectCompare(ir) }
	return nil
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
	printLines(e, c.name, job.EmptyNotes(cp.Tables)...)
	printLines(e, c.name, job.LaTeXNote(c.outFormat(), cp.Tables))
	for _, f := range files {
		fmt.Fprintln(e.Stdout, f)
	}
	return nil
}
