package main

import (
	"errors"
	"fmt"

	"github.com/sabench/sabench-stats/cmd/internal/cli"
	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/source"
	"github.com/sabench/sabench-stats/results/job"
)

func init() {
	register(cli.Command{Name: "validate", Summary: "check case specs and episode files; list every problem as file:line: field: message", Run: runValidate, GCPercent: 100})
}

func runValidate(e *cli.Env, args []string) error {
	fs := e.FlagSet("validate", "[flags] [FILE|DIR|GLOB ...]\n\nEpisode files come from the arguments and --runs; without either, a bench directory's\nruns.jsonl / runs.parquet is checked. Exit status 1 when any problem is found.")
	c := &common{}
	fs.StringVar(&c.Source.Bench, "bench", "", "case specs: a SafeActBench checkout, a directory of case JSON files, a JSONL of case rows, builtin, or none (skip case checks); required with episode files, default without them: builtin")
	fs.Var((*cli.List)(&c.Source.Runs), "runs", "episode files, globs or directories (repeatable)")
	fs.Var((*cli.List)(&c.Sets), "set", "case set NAME=FILE (repeatable)")
	fs.StringVar(&c.Source.ClustersFile, "clusters", "", "CSV case_id,cluster_id")
	fs.StringVar(&c.Source.Dedupe, "dedupe", "", "duplicate episode keys: error (default), first or last")
	maxLine := fs.Int("max-line-bytes", ingest.DefaultMaxLineBytes, "longest JSONL line accepted")
	maxProblems := fs.Int("max-problems", ingest.DefaultMaxProblems, "list the first N problems and count the rest (memory does not grow with the number of bad lines)")
	if err := e.Parse(fs, args); err != nil {
		return err
	}
	if *maxLine <= 0 {
		return usagef("--max-line-bytes must be a positive number of bytes, not %d", *maxLine)
	}
	if *maxProblems <= 0 {
		return usagef("--max-problems must be a positive number, not %d", *maxProblems)
	}
	// A problem list that did not reach its reader (a full disk, a closed pipe) must not
	// end in exit status 0.
	out := &cli.ErrWriter{W: e.Stdout}
	if err := c.validate(&cli.Env{Stdout: out, Stderr: e.Stderr, Prog: e.Prog}, fs.Args(), *maxLine, *maxProblems); err != nil {
		return err
	}
	if out.Err != nil {
		return fmt.Errorf("writing the results: %w", out.Err)
	}
	return nil
}

// validate checks the bench and the episode files (job.Options.Validate), listing every
// problem on stdout and the counts on stderr.
func (c *common) validate(e *cli.Env, args []string, maxLine, maxProblems int) error {
	v, err := c.Validate(args, maxLine, maxProblems)
	if be := (*job.BenchError)(nil); errors.As(err, &be) {
		return listProblems(e, "bench "+be.Bench, be.Err)
	}
	if v == nil {
		return err
	}
	if b := v.Bench; b != nil {
		for _, w := range b.Warnings {
			fmt.Fprintln(e.Stderr, "warning:", w)
		}
		fmt.Fprintf(e.Stderr, "bench %s (%s): %d cases, %d case sets; clusters: %s\n", b.Source, b.Kind, len(b.Cases), len(b.Sets), b.ClusterSummary())
	}
	noteSkipped(e, v.Skipped)
	rep := v.Report
	if err != nil || rep == nil { // err: the patterns could not be expanded
		return err
	}
	if c.Source.Bench == source.Builtin || c.Source.Bench == "" {
		fmt.Fprintln(e.Stderr, "note: case ids and records are checked against the built-in synthetic bench; pass --bench for your own (or --bench none)")
	}
	for _, p := range rep.Problems {
		fmt.Fprintln(e.Stdout, p)
	}
	if rep.Unlisted > 0 {
		fmt.Fprintf(e.Stdout, "… and %d more problems, not listed (the first %d are; --max-problems)\n", rep.Unlisted, len(rep.Problems))
	}
	noteDropped(e, rep.Reported)
	if rep.ReportedUnlisted > 0 {
		fmt.Fprintf(e.Stderr, "note: %d more dropped duplicates, not listed (--max-problems)\n", rep.ReportedUnlisted)
	}
	n := rep.ProblemCount()
	fmt.Fprintf(e.Stderr, "%d files, %d episodes read, %d without problems, %d problems\n", rep.Files, rep.Lines, rep.Episodes, n)
	if n > 0 {
		return fmt.Errorf("%d problems found", n)
	}
	if rep.Lines == 0 {
		return fmt.Errorf("no episodes: the %d episode file(s) hold none", rep.Files)
	}
	return nil
}
