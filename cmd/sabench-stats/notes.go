package main

import (
	"fmt"

	"github.com/sabench/sabench-stats/cmd/internal/cli"
	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/results"
	"github.com/sabench/sabench-stats/results/render"
)

// The notes the commands print on stderr (or, for problems, stdout) beside their output.

// noteSkipped says, one line each and then a count, what a --runs directory search passed
// over (links to directories, entries that are not regular files), and which --inspect
// logs gave no episode and why, with the Inspect adapter's warnings.
func noteSkipped(e *cli.Env, skipped []ingest.Problem) {
	if len(skipped) == 0 {
		return
	}
	noteDropped(e, skipped)
	fmt.Fprintf(e.Stderr, "note: %d entries of the --runs directories or --inspect logs skipped or noted\n", len(skipped))
}

// noteEmpty says on stderr why each empty table is empty.
func noteEmpty(e *cli.Env, cmd string, ts []*results.Table) {
	for _, t := range ts {
		if t.Empty != "" {
			fmt.Fprintf(e.Stderr, "sabench-stats %s: table %s is empty: %s\n", cmd, t.ID, t.Empty)
		}
	}
}

// noteLaTeX says which names of LaTeX tables pdflatex cannot set (render.LaTeXLacks), as
// the figures say which names their font lacks.
func noteLaTeX(e *cli.Env, cmd string, f render.Format, ts []*results.Table) {
	if f != render.FormatLaTeX {
		return
	}
	if lack := render.LaTeXLacks(ts); lack != "" {
		fmt.Fprintf(e.Stderr, "sabench-stats %s: %s\n", cmd, lack)
	}
}

// noteDropped says, one line each, what a read passed over: the duplicates a --dedupe
// policy dropped, the entries a directory search skipped.
func noteDropped(e *cli.Env, dropped []ingest.Problem) {
	for _, p := range dropped {
		fmt.Fprintln(e.Stderr, "note:", p)
	}
}

// noteDeduped says how many duplicates --dedupe dropped, and the first, in one line: the
// analysis commands but report and view (whose reconciliation counts them) said nothing of
// them, and a line each would grow with the input.
func noteDeduped(e *cli.Env, dropped []ingest.Problem) {
	if len(dropped) == 0 {
		return
	}
	fmt.Fprintf(e.Stderr, "note: --dedupe dropped %d duplicate episodes (the coverage table counts them as excluded: duplicate); the first: %s\n", len(dropped), dropped[0])
}

// listProblems prints every problem of a failed load and returns a short error.
func listProblems(e *cli.Env, what string, err error) error {
	ps := ingest.AsProblems(err)
	if ps == nil {
		return err
	}
	for _, p := range ps {
		fmt.Fprintln(e.Stdout, p)
	}
	return fmt.Errorf("%s: %d problems found", what, len(ps))
}
