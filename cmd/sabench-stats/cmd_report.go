package main

import (
	"flag"
	"fmt"
	"path/filepath"

	"github.com/sabench/sabench-stats/cmd/internal/cli"
	"github.com/sabench/sabench-stats/results"
	"github.com/sabench/sabench-stats/results/job"
	"github.com/sabench/sabench-stats/results/render"
)

func init() {
	registerAnalysis(analysisCommand{name: "report", summary: "the main job: every table (all formats) and figure into --out, with an index",
		usage: "[flags]", groups: groupAnalysis | groupOut | groupLaTeX | groupVerdicts | groupChoices, out: "sabench-report", setup: setupReport, gcPercent: viewerGC})
}

func setupReport(e *cli.Env, fs *flag.FlagSet, c *common) *steps {
	fs.Lookup("out").Usage = "directory that receives the report (tables, figures, index.md, the viewer index.html), built beside it and swapped in whole; one holding files the tool did not write is refused"
	var out string
	// Every episode under every policy: the viewer (index.html) shows each episode's
	// verdict under each; the tables read what they need.
	return &steps{scoring: job.Scoring{All: true, Collect: true},
		check: func() error {
			// Refuse an --out that cannot be replaced before the minutes of scoring a large input.
			if c.out == "" || c.out == "-" {
				return usagef("report: --out must name a directory (the report is files, not a stream)")
			}
			out = filepath.Clean(c.out)
			if err := job.CheckReplaceDir(out); err != nil {
				return err
			}
			// Every table is built: a flag is refused only when none of them reads it.
			return c.CheckOfficial(func(official bool) error {
				specs, _ := results.SpecsFor(official)
				return c.checkTableReads(fs, specs)
			})
		},
		build: func(r *job.Release) error { return c.writeReport(e, out, r) },
	}
}

// writeReport writes the report directory out (job.Options.Report) and says on stderr
// what it holds and what it does not.
func (c *common) writeReport(e *cli.Env, out string, r *job.Release) error {
	idx, viewStats, err := c.Report(out, r, c.render)
	if err != nil {
		return err
	}
	// The report's product is its directory: the notes, the summary and the T2 excerpt
	// are a summary, so they go to stderr and stdout stays empty.
	printLines(e, c.name, idx.Notes(out, viewStats)...)
	fmt.Fprintf(e.Stderr, "%s\n\n", r.Reconciliation())
	for _, t := range idx.Tables {
		if t.ID == "T2" {
			return render.Render(e.Stderr, t, render.FormatText)
		}
	}
	return nil
}
