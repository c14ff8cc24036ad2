package main

import (
	"github.com/sabench/sabench-stats/cmd/internal/cli"
	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/results/fsx"
	"github.com/sabench/sabench-stats/results/job"
)

func init() {
	register(cli.Command{Name: "explain", Summary: "explain one episode's verdict as a readable chain (reads, facts, gates, missing requirements)", Run: runExplain})
}

func runExplain(e *cli.Env, args []string) error {
	fs := e.FlagSet("explain", "[RUN_ID] [flags]")
	c := addCommon(fs, groupInput, "")
	sel := ingest.Selection{Repeat: -1}
	fs.StringVar(&sel.Config, "config", "", "select the episode by configuration (with --case, --repeat, --condition) instead of RUN_ID")
	fs.StringVar(&sel.CaseID, "case", "", "select the episode by case id (with @variant when it has one)")
	fs.Var(cli.NewOptInt(&sel.Repeat), "repeat", "select the episode by repeat `N` (≥ 0)")
	fs.StringVar(&sel.Condition, "condition", "", "select the episode by condition (default main when selecting by key)")
	full := fs.Bool("full", false, "print long facts uncut (text cuts them at 240 characters)")
	c.addFormat(fs, job.ExplainOutput)
	fs.Lookup("format").Usage = "explanation format: text or json (the same content, structured; default: the --out file's extension, else text)"
	fs.StringVar(&c.out, "out", "", "output file (default stdout); written atomically")
	// parseFlags accepts flags after the run id ("explain RUN_ID --policy near-miss").
	if err := e.Parse(fs, args, inputs()); err != nil {
		return err
	}
	pos := fs.Args()
	if err := c.checkFlags(fs); err != nil {
		return err
	}
	if *full && c.format != "text" {
		return usagef("explain: --full applies to the text format (%s holds every fact uncut)", c.format)
	}
	opt := job.ExplainOptions{Format: c.format, Full: *full}
	sel.ByKey = sel.Config != "" || sel.CaseID != "" || sel.Repeat >= 0 || sel.Condition != ""
	switch {
	case len(pos) > 1:
		return usagef("explain takes one RUN_ID (got %q)%s", pos, leftoverHint(fs))
	case len(pos) == 1 && isFile(pos[0]) && leftoverHint(fs) != "":
		return usagef("explain: the RUN_ID %q is a file%s", pos[0], leftoverHint(fs))
	case len(pos) == 1 && sel.ByKey:
		return usagef("explain: give a RUN_ID or --config/--case/--repeat/--condition, not both")
	case len(pos) == 0 && !sel.ByKey:
		return usagef("explain: which episode? give a RUN_ID (see the run_id field of `sabench-stats score`) or --config and --case")
	}
	if sel.ByKey && sel.Condition == "" {
		sel.Condition = ingest.DefaultCondition
	}
	if err := job.CheckFileTarget("--out", c.out); err != nil {
		return err
	}
	// The policy names are checked before the episodes are read; the bench may change
	// the default (PoliciesFor).
	if _, err := c.PolicyList(false); err != nil {
		return err
	}
	in, err := c.Load()
	if err != nil {
		return err
	}
	printLines(e, "", job.SkippedNotes(in.Skipped)...)
	pols, err := c.PoliciesFor(false, in.Bench)
	if err != nil {
		return err
	}
	if len(pos) == 1 {
		sel = ingest.Selection{RunID: pos[0]}
	}
	write, err := c.Explain(in, sel, pols, opt)
	if err != nil {
		return err
	}
	if c.out != "" {
		return fsx.WriteFileAtomic(c.out, write)
	}
	return write(e.Stdout)
}
