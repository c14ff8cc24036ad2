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
	fs.Var(pathList(&c.Source.Runs), "runs", "episode files, globs or directories (repeatable)")
	fs.Var(setList(&c.Sets), "set", "case set NAME=FILE (repeatable)")
	fs.StringVar(&c.Source.ClustersFile, "clusters", "", "CSV case_id,cluster_id")
	fs.StringVar(&c.Source.Dedupe, "dedupe", "", "duplicate episode keys: error (default), first or last")
	maxLine := &c.Source.MaxLineBytes
	maxLineBytesFlag(fs, maxLine)
	maxProblems := fs.Int("max-problems", ingest.DefaultMaxProblems, "list the first N problems and count the rest (memory does not grow with the number of bad lines)")
	if err := e.Parse(fs, args, cli.Inputs{Flags: []string{"bench", "runs", "set", "clusters"}, Args: true,
		Names: map[string]func(string) bool{"bench": func(v string) bool { return v == "none" || source.BenchNamed(v) }}}); err != nil {
		return err
	}
	if err := checkMaxLineBytes(*maxLine); err != nil {
		return err
	}
	if *maxProblems <= 0 {
		return usagef("--max-problems must be a positive number, not %d", *maxProblems)
	}
	// A problem list that did not reach its reader (a full disk, a closed pipe) must not
	// end in exit status 0.
	// The write error is named beside the problem count, which alone would read as if the
	// list had been written.
	out := &cli.ErrWriter{W: e.Stdout}
	err := c.validate(&cli.Env{Stdout: out, Stderr: e.Stderr, Prog: e.Prog}, fs.Args(), *maxLine, *maxProblems)
	switch {
	case out.Err != nil && err != nil:
		return fmt.Errorf("%w; writing the results: %w", err, out.Err)
	case out.Err != nil:
		return fmt.Errorf("writing the results: %w", out.Err)
	}
	return err
}

// validate checks the bench and the episode files (job.Options.Validate), listing every
// problem on stdout and the notes and counts on stderr (job.Validation.Lines).
func (c *common) validate(e *cli.Env, args []string, maxLine, maxProblems int) error {
	v, err := c.Validate(args, maxLine, maxProblems)
	if be := (*job.BenchError)(nil); errors.As(err, &be) {
		problems, err := be.Lines()
		for _, p := range problems {
			fmt.Fprintln(e.Stdout, p)
		}
		return err
	}
	if v == nil {
		return err
	}
	problems, notes := v.Lines()
	printLines(e, "", notes...)
	for _, p := range problems {
		fmt.Fprintln(e.Stdout, p)
	}
	if err != nil {
		return err
	}
	return v.Err()
}
