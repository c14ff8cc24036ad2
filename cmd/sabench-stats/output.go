package main

import (
	"flag"
	"fmt"
	"strings"

	"github.com/sabench/sabench-stats/cmd/internal/cli"
	"github.com/sabench/sabench-stats/results"
	"github.com/sabench/sabench-stats/results/job"
	"github.com/sabench/sabench-stats/results/render"
)

// addFormat registers --format for the formats of kind (job.TableOutput, …).
func (c *common) addFormat(fs *flag.FlagSet, kind *job.OutputKind) {
	c.output = kind
	c.format = kind.Names[0]
	fs.StringVar(&c.format, "format", c.format, fmt.Sprintf("output format: %s (default: the --out file's extension, else %s)",
		strings.Join(kind.Names, ", "), kind.Names[0]))
	fs.Lookup("format").DefValue = "" // the default depends on --out: the usage says it
}

// resolveFormat sets c.format from --format, else from the --out file's extension, else
// the default (job.OutputKind.Resolve).
func (c *common) resolveFormat(fs *flag.FlagSet) error {
	if c.output == nil {
		return nil
	}
	f, err := c.output.Resolve(fs.Name(), c.format, cli.Given(fs, "format") != "", c.out)
	if err != nil {
		return usagef("%v", err)
	}
	c.format = f
	return nil
}

// checkTableTarget refuses an output that cannot take n tables (commands call it before
// scoring when they know n).
func (c *common) checkTableTarget(n int) error {
	return job.CheckTableTarget(c.out, c.outFormat(), n)
}

// perPolicy is the number of tables of a command that writes one per policy scored
// (compare, domains): the policies given, or safeact. A verdict dataset's policies are
// known only once it is read (--policy is refused with it), so there it is the one
// policy every dataset has, and writeTables checks the target again with the tables.
func (c *common) perPolicy() (int, error) {
	pols, err := c.PolicyList(false)
	return len(pols), err
}

// writeTables writes tables (job.WriteTables); those of the last scored release, which
// the job stamped with its provenance, with why any is empty and, for CSV on stdout, the
// SYNTHETIC mark (job.SyntheticNote) and where the notes are (job.CSVNotesNote) on stderr.
func (c *common) writeTables(e *cli.Env, ts []*results.Table) error {
	if err := c.checkTableTarget(len(ts)); err != nil {
		return err
	}
	f := c.outFormat()
	if c.rel != nil {
		printLines(e, c.name, job.EmptyNotes(ts)...)
		printLines(e, c.name, job.SyntheticNote(c.rel.Mark(), c.out, f))
	}
	printLines(e, c.name, job.LaTeXNote(f, ts), job.CSVNotesNote(ts, c.out, f))
	return job.WriteTables(e.Stdout, c.out, f, c.render, ts)
}

// addLaTeXFlags registers the LaTeX form's layout flags on a command that writes LaTeX.
func addLaTeXFlags(fs *flag.FlagSet, o *render.RenderOptions) {
	fs.Var(&o.LaTeX.Width, "latex-width", "LaTeX: fit tables to the column (default), the page, or none (natural width)")
	fs.Var(&o.LaTeX.Env, "latex-env", "LaTeX: float environment table or table* (default: table*, for page width or a table too wide for a column, else table)")
}

// checkLaTeXFlags refuses the LaTeX flags when the output is not LaTeX.
func checkLaTeXFlags(fs *flag.FlagSet, f render.Format) error {
	if set := cli.Given(fs, "latex-width", "latex-env"); set != "" && f != render.FormatLaTeX {
		return usagef("--%s applies to --format latex, not %s", set, f)
	}
	return nil
}

// checkClustersUsed refuses --clusters without --clustered in a command none of whose
// outputs resamples clusters otherwise (domains, policies, figures): the file would not
// change a number.
func (c *common) checkClustersUsed(fs *flag.FlagSet) error {
	if cli.Given(fs, "clusters") != "" && !c.Stats.Clustered {
		return usagef("%s: --clusters applies with --clustered (no output of %s resamples clusters without it)", fs.Name(), fs.Name())
	}
	return nil
}
