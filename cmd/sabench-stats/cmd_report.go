package main

import (
	"flag"
	"fmt"
	"path/filepath"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/cmd/internal/cli"
	"github.com/sabench/sabench-stats/figures"
	"github.com/sabench/sabench-stats/results"
	"github.com/sabench/sabench-stats/results/view"
)

func init() {
	registerAnalysis(analysisCommand{name: "report", summary: "the main job: every table (all formats) and figure into --out, with an index",
		usage: "[flags]", groups: groupAnalysis | groupOut | groupLaTeX | groupVerdicts | groupChoices, out: "sabench-report", setup: setupReport})
}

func setupReport(e *cli.Env, fs *flag.FlagSet, c *common) *steps {
	var out string
	// Every episode under every policy: the viewer (index.html) shows each episode's
	// verdict under each; the tables read what they need.
	return &steps{all: true, every: true, collect: true,
		check: func() error {
			// Refuse an --out that cannot be replaced before the minutes of scoring a large input.
			out = filepath.Clean(c.out)
			return results.CheckReportDir(out)
		},
		build: func(sr *analysis.ScoredRelease, col *view.Collector) error { return c.writeReport(e, out, sr, col) },
	}
}

// writeReport builds every table and figure and writes the report directory out, with the
// viewer when there are episodes to show.
func (c *common) writeReport(e *cli.Env, out string, sr *analysis.ScoredRelease, col *view.Collector) error {
	idx := &results.Index{Scored: sr, Stats: c.opts, Method: c.stat.Method, Quantile: c.stat.Quantile, Synthetic: sr.Synthetic, Render: c.render}
	var figs []results.RenderedFigure
	var err error
	if idx.Tables, figs, idx.Skipped, err = figures.TablesAndFigures(c.tableInput(sr), results.Registry, sr.Synthetic); err != nil {
		return err
	}
	if idx.Meta, err = c.stamp(e, "report", sr, idx.Tables); err != nil {
		return err
	}
	for _, why := range idx.Skipped {
		fmt.Fprintf(e.Stderr, "sabench-stats report: not written: %s\n", why)
	}
	var viewStats view.Stats
	var extra []func(tmp string) error
	viewer := "none: --verdicts has no episode records to show"
	if col != nil {
		extra = append(extra, func(tmp string) (err error) {
			viewStats, err = c.writeViewer(filepath.Join(tmp, "index.html"), sr, col, idx.Tables, figs)
			return err
		})
	} else {
		fmt.Fprintf(e.Stderr, "sabench-stats report: not written: index.html (the viewer shows each episode's record; a verdict dataset has none)\n")
	}
	if err := results.WriteReport(out, idx, figs, extra...); err != nil {
		return err
	}
	if col != nil {
		viewer = fmt.Sprintf("%s, %d episodes", filepath.Join(out, "index.html"), viewStats.Episodes)
	}
	// The report's product is its directory: the summary and the T2 excerpt are a
	// summary, so they go to stderr and stdout stays empty.
	fmt.Fprintf(e.Stderr, "sabench-stats report: %d tables × %d formats and %d figures in %s (index: %s; viewer: %s)\n",
		len(idx.Tables), len(results.Formats()), len(idx.Figures), out, filepath.Join(out, "index.md"), viewer)
	fmt.Fprintf(e.Stderr, "%s\n\n", sr.Reconciliation())
	for _, t := range idx.Tables {
		if t.ID == "T2" {
			return results.Render(e.Stderr, t, results.FormatText)
		}
	}
	return nil
}
