package main

import (
	"flag"

	"github.com/sabench/sabench-stats/cmd/internal/cli"
	"github.com/sabench/sabench-stats/results"
	"github.com/sabench/sabench-stats/results/job"
)

// analysisCommand declares a command that builds its output from a scored release
// (tables, domains, policies, compare, figures, report, view). One runner takes every
// such command through the same steps: register the shared flags of its groups and its
// own, parse and check them, take the positional arguments, check what can be checked
// before scoring, score (or read --verdicts), then build and write.
type analysisCommand struct {
	name, summary string
	usage         string // after "sabench-stats NAME" in -h
	hint          string // follows the refusal of positional arguments
	groups        flagGroup
	out           string // the --out default
	// inputs are the command's own flags that name files it reads, beside addCommon's
	// (commonInputs); an analysis command's positional arguments are names, not files,
	// but where the boolean flag argsWith makes them files (compare --inspect A B).
	inputs   []string
	argsWith string
	// gcPercent: the collector's pace (cli.Command.GCPercent), for a command whose memory
	// grows with the input by its compact verdicts only.
	gcPercent int
	// setup registers the command's own flags (and adjusts the shared ones) and returns
	// the steps that differ from command to command.
	setup func(e *cli.Env, fs *flag.FlagSet, c *common) *steps
}

// steps are what an analysis command does between parsing and writing.
type steps struct {
	args  func(pos []string) error // takes the positional arguments; nil: none taken
	early func() error             // before the shared flags are checked; may be nil
	check func() error             // after parsing, before scoring; may be nil
	// outputs, when set, is how many tables the command writes, known after check and
	// before scoring: the runner refuses there an --out that cannot take them (a file in
	// a folder that does not exist, one file for several tables), which writing would
	// refuse only after scoring.
	outputs func() (int, error)
	scoring job.Scoring // how the release is scored (the policy tables and figures read only the main condition)
	// tables builds tables for writeTables; build writes anything else. One is set.
	tables func(r *job.Release) ([]*results.Table, error)
	build  func(r *job.Release) error
	// instead, when args or check set it, builds the tables from something other than a
	// scored release (compare --inspect reads Inspect logs; power plans from stated rates):
	// nothing is scored.
	instead func() ([]*results.Table, error)
}

func registerAnalysis(a analysisCommand) {
	register(cli.Command{Name: a.name, Summary: a.summary, Run: a.run, GCPercent: a.gcPercent})
}

func (a analysisCommand) run(e *cli.Env, args []string) error {
	fs := e.FlagSet(a.name, a.usage)
	c := addCommon(fs, a.groups, a.out)
	st := a.setup(e, fs, c)
	in := inputs(a.inputs...)
	in.ArgsWith = a.argsWith
	if err := e.Parse(fs, args, in); err != nil {
		return err
	}
	if st.early != nil {
		if err := st.early(); err != nil {
			return err
		}
	}
	if err := c.checkFlags(fs); err != nil {
		return err
	}
	switch {
	case st.args != nil:
		if err := st.args(fs.Args()); err != nil {
			return err
		}
	case fs.NArg() > 0:
		return usagef("%s takes no arguments (got %q)%s%s", a.name, fs.Args(), a.hint, leftoverHint(fs))
	}
	if st.check != nil {
		if err := st.check(); err != nil {
			return err
		}
	}
	if st.outputs != nil {
		n, err := st.outputs()
		if err != nil {
			return err
		}
		if err := c.checkTableTarget(n); err != nil {
			return err
		}
	} else if st.tables != nil || st.instead != nil {
		// How many tables is known once they are built; whether --out can be written at
		// all, now (the report, the viewer and the figures check their own outputs).
		if err := job.CheckWritable(c.out); err != nil {
			return err
		}
	}
	if st.instead != nil {
		ts, err := st.instead()
		if err != nil {
			return err
		}
		printLines(e, a.name, job.EmptyNotes(ts)...)
		return c.writeTables(e, ts)
	}
	r, err := c.release(e, st.scoring)
	if err != nil {
		return err
	}
	if st.tables == nil {
		return st.build(r)
	}
	ts, err := st.tables(r)
	if err != nil {
		return err
	}
	return c.writeTables(e, ts)
}

// showProgress shows the scoring's progress on a terminal stderr until finish is called.
func (c *common) showProgress(e *cli.Env) (finish func()) {
	bar := cli.NewProgress(e.Stderr, "scoring")
	c.Progress = bar.Set
	return bar.Finish
}

// release scores the release (job.Options.Release) with a progress display, and keeps it
// for the provenance of the outputs.
func (c *common) release(e *cli.Env, s job.Scoring) (*job.Release, error) {
	defer c.showProgress(e)()
	r, err := c.Release(s)
	if err != nil {
		return nil, err
	}
	if r.Input != nil {
		printLines(e, "", job.SkippedNotes(r.Input.Skipped)...)
	}
	printLines(e, "", job.DedupedNote(r.Dropped))
	c.rel = r
	return r, nil
}
