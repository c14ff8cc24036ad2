package main

import (
	"fmt"
	"path/filepath"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/figures"
	"github.com/sabench/sabench-stats/results"
	"github.com/sabench/sabench-stats/results/view"
)

func init() {
	register(command{name: "report", summary: "the main job: every table (all formats) and figure into --out, with an index", run: runReport})
}

func runReport(e *env, args []string) error {
	fs := newFlagSet(e, "report", "[flags]")
	c := addCommon(e, fs, groupAnalysis|groupOut, "sabench-report")
	c.addVerdicts(fs)
	addLaTeXFlags(fs, &c.render) // the report's .tex files
	c.addChoices(fs, true)
	c.allFormats = true
	if err := c.parse(fs, args, ""); err != nil {
		return err
	}
	// Every episode under every policy: the viewer (index.html) shows each episode's
	// verdict under each; the tables read what they need.
	// Refuse an --out that cannot be replaced before the minutes of scoring a large input.
	out := filepath.Clean(c.out)
	if err := results.CheckReportDir(out); err != nil {
		return err
	}
	sr, col, err := c.scoreRelease(true, nil, true)
	if err != nil {
		return err
	}
	// Tables and figures are independent: build them side by side (tables are mostly
	// bootstrap, figures mostly single-threaded PNG encoding).
	idx := &results.Index{Scored: sr, Stats: c.stats(), Method: c.method, Quantile: c.quantile, Synthetic: sr.Synthetic, Render: c.render}
	var tablesErr error
	done := make(chan struct{})
	go func() {
		defer close(done)
		idx.Tables, tablesErr = results.Build(c.tableInput(sr), results.Registry)
	}()
	figs, skipped, figErr := figures.RenderReport(analysis.NewPolicyComparison(sr.Releases), c.stats(), c.choices, sr.Synthetic)
	<-done
	if tablesErr != nil {
		return tablesErr
	}
	if figErr != nil {
		return figErr
	}
	if idx.Meta, err = c.stamp(e, "report", sr, idx.Tables); err != nil {
		return err
	}
	idx.Skipped = skipped
	for _, why := range skipped {
		fmt.Fprintf(e.stderr, "sabench-stats report: not written: %s\n", why)
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
		fmt.Fprintf(e.stderr, "sabench-stats report: not written: index.html (the viewer shows each episode's record; a verdict dataset has none)\n")
	}
	if err := results.WriteReport(out, idx, figs, extra...); err != nil {
		return err
	}
	if col != nil {
		viewer = fmt.Sprintf("%s, %d episodes", filepath.Join(out, "index.html"), viewStats.Episodes)
	}
	// The report's product is its directory: the summary and the T2 excerpt are a
	// summary, so they go to stderr and stdout stays empty.
	fmt.Fprintf(e.stderr, "sabench-stats report: %d tables × %d formats and %d figures in %s (index: %s; viewer: %s)\n",
		len(idx.Tables), len(results.Formats()), len(idx.Figures), out, filepath.Join(out, "index.md"), viewer)
	fmt.Fprintf(e.stderr, "%s\n\n", sr.Reconciliation())
	for _, t := range idx.Tables {
		if t.ID == "T2" {
			return results.Render(e.stderr, t, results.FormatText)
		}
	}
	return nil
}
