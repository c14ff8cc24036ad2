package main

import (
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/cmd/internal/cli"
	"github.com/sabench/sabench-stats/results"
)

// addFormat registers --format for the formats of kind (results.TableOutput, …).
func (c *common) addFormat(fs *flag.FlagSet, kind *results.OutputKind) {
	c.output = kind
	c.format = kind.Names[0]
	fs.StringVar(&c.format, "format", c.format, fmt.Sprintf("output format: %s (default: the --out file's extension, else %s)",
		strings.Join(kind.Names, ", "), kind.Names[0]))
	fs.Lookup("format").DefValue = "" // the default depends on --out: the usage says it
}

// resolveFormat sets c.format from --format, else from the --out file's extension, else
// the default (results.OutputKind.Resolve).
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
	if err := results.CheckTableTarget(c.out, c.outFormat(), n); err != nil {
		return usagef("%v", err)
	}
	return nil
}

// writeTables stamps the tables with the provenance of the last scored release and
// writes them (results.WriteTables). A CSV file gets its provenance sidecar; CSV on stdout
// has no room for it, so the SYNTHETIC mark goes to stderr (JSON carries it).
func (c *common) writeTables(e *cli.Env, ts []*results.Table) error {
	if err := c.checkTableTarget(len(ts)); err != nil {
		return err
	}
	f := c.outFormat()
	if c.rel != nil {
		if _, err := c.stamp(e, ts); err != nil {
			return err
		}
		if c.rel.Synthetic && (c.out == "" || c.out == "-") && f == results.FormatCSV {
			fmt.Fprintf(e.Stderr, "sabench-stats %s: %s\n", c.name, analysis.SyntheticMark)
		}
	}
	return results.WriteTables(e.Stdout, c.out, f, c.render, ts)
}

// renderOne renders one table in the output format with the layout flags.
func (c *common) renderOne() func(w io.Writer, t *results.Table) error {
	f := c.outFormat()
	return func(w io.Writer, t *results.Table) error { return results.RenderWith(w, t, f, c.render) }
}
