package view

import (
	"fmt"
	"slices"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/results"
)

// WriteRelease writes the viewer (Write) of a release scored under every policy on every
// episode, whose episodes col encoded while they were scored, from the tables and figures
// already built (the report's; only the SVG figures are shown). The notes are the
// release's input, the SYNTHETIC warning when it is synthetic, and the reconciliation of
// the episodes with the interval settings o. Each policy's leaderboard is T2 built for
// that policy with o and ch, followed by its rows of the policies table when tables hold
// one.
func WriteRelease(path string, sr *analysis.ScoredRelease, col *Collector, tables []*results.Table, figs []results.RenderedFigure, o analysis.StatOptions, ch analysis.Choices) (Stats, error) {
	if col == nil {
		return Stats{}, fmt.Errorf("view: the release's episodes were not collected while scoring")
	}
	in := &Input{Title: "sabench-stats viewer", Tables: tables, Collected: col}
	for _, f := range figs {
		for i, ext := range f.Exts {
			if ext == "svg" {
				in.Figures = append(in.Figures, Figure{Name: f.Name, SVG: f.Files[i]})
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
		return Stats{}, err
	}
	in.Notes = []string{"Input: " + sr.Input + "."}
	if sr.Synthetic {
		in.Notes = append(in.Notes, "The built-in release is SYNTHETIC: generated in the real SafeActBench schemas and calibrated to the paper's published aggregates; it is not the paper's traces.")
	}
	in.Notes = append(in.Notes, fmt.Sprintf("Episodes: read %d = scored %d + excluded (%s). %s",
		sr.Read(), sr.Counts.Scored, sr.ExcludedSummary(), sr.Releases[0].Intervals(o).Sentence()))
	for _, r := range sr.Releases {
		in.Policies = append(in.Policies, r.Policy.Name)
		t, err := t2.Build(&results.Input{Releases: []*analysis.Release{r}, Stats: o, Choices: ch})
		if err != nil {
			return Stats{}, err
		}
		lb := []*results.Table{t}
		if policyRows != nil {
			lb = append(lb, RowsOf(policyRows, r.Policy.Name))
		}
		in.Leaderboards = append(in.Leaderboards, lb)
	}
	if !slices.Equal(in.Policies, col.policies) {
		return Stats{}, fmt.Errorf("view: episodes collected under policies %v, release scored under %v", col.policies, in.Policies)
	}
	return Write(path, in)
}
