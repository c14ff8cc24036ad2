package main

import (
	"fmt"
	"path/filepath"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/results"
	"github.com/sabench/sabench-stats/results/view"
)

func init() {
	register(command{name: "view", summary: "write the offline HTML viewer (leaderboard, tables, figures, slices, episode pages, A/B) to --out", run: runView})
}

func runView(e *env, args []string) error {
	fs := newFlagSet(e, "view", "[flags]")
	c := addCommon(e, fs, groupAnalysis|groupOut, "sabench-view.html")
	c.addChoices(fs, true)
	fs.Lookup("out").Usage = "the page to write; its chunk files go to the directory beside it named after the page (NAME_files/)"
	fs.Lookup("policy").Usage = "policies scored (repeatable; default every preset); the first is the main policy of the episode pages"
	if err := c.parse(fs, args, ""); err != nil {
		return err
	}
	if c.out == "" || c.out == "-" {
		return usagef("view: --out must name an HTML file (the viewer is a page plus chunk files, not a stream)")
	}
	// The viewer shows every episode under every policy.
	sr, in, err := c.scoreReleaseInput(true, nil)
	if err != nil {
		return err
	}
	if err := c.checkChoices(sr); err != nil {
		return err
	}
	tables, err := results.Build(c.tableInput(sr), results.Default(len(sr.Releases)))
	if err != nil {
		return err
	}
	figs, _, err := renderFigures(analysis.NewPolicyComparison(sr.Releases), c)
	if err != nil {
		return err
	}
	st, err := c.writeViewer(c.out, sr, in, tables, figs)
	if err != nil {
		return err
	}
	fmt.Fprintf(e.stderr, "sabench-stats view: %s (%d bytes) and %d chunk files (%d bytes) in %s; %d episodes of %d cases\n",
		c.out, st.HTMLBytes, st.Chunks, st.ChunkBytes, filepath.Join(filepath.Dir(c.out), trimExt(filepath.Base(c.out))+"_files"), st.Episodes, st.Cases)
	fmt.Fprintf(e.stderr, "episodes: read %d, scored %d, excluded %s; policies: %s\n", sr.Read(), sr.Counts.Scored, sr.ExcludedSummary(), sr.PolicyNames())
	return nil
}

// writeViewer writes the viewer of a release scored under every policy on every episode,
// from the tables and figures already built; report calls it for index.html.
func (c *common) writeViewer(path string, sr *analysis.ScoredRelease, in *input, tables []*results.Table, figs []results.RenderedFigure) (view.Stats, error) {
	var svgs []view.Figure
	for _, f := range figs {
		for i, ext := range f.Exts {
			if ext == "svg" {
				svgs = append(svgs, view.Figure{Name: f.Name, SVG: f.Files[i]})
			}
		}
	}
	var policyRows *results.Table
	for _, t := range tables {
		if t.ID == "policies" {
			policyRows = t
		}
	}
	t2, err := results.Lookup("T2")
	if err != nil {
		return view.Stats{}, err
	}
	o := c.stats()
	notes := []string{"Input: " + sr.Input + "."}
	if sr.Synthetic {
		notes = append(notes, "The built-in release is SYNTHETIC: generated in the real SafeActBench schemas and calibrated to the paper's published aggregates; it is not the paper's traces.")
	}
	notes = append(notes, fmt.Sprintf("Episodes: read %d = scored %d + excluded (%s). %s",
		sr.Read(), sr.Counts.Scored, sr.ExcludedSummary(), sr.Releases[0].Intervals(o).Sentence()))
	rel := view.Release{Scored: sr, Workers: c.jobs, InfraFailuresFail: c.infraFailures == "fail", Notes: notes,
		Open: func() (analysis.EpisodeSource, error) { return in.open() }}
	vin, err := view.FromRelease(rel, tables, svgs, func(r *analysis.Release) ([]*results.Table, error) {
		t, err := t2.Build(&results.Input{Releases: []*analysis.Release{r}, Stats: o, Choices: c.choices})
		if err != nil {
			return nil, err
		}
		lb := []*results.Table{t}
		if policyRows != nil {
			lb = append(lb, view.RowsOf(policyRows, r.Policy.Name))
		}
		return lb, nil
	})
	if err != nil {
		return view.Stats{}, err
	}
	return view.Write(path, vin)
}

func trimExt(s string) string { return s[:len(s)-len(filepath.Ext(s))] }
