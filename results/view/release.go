package view

import (
	"fmt"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/results"
)

// WriteRelease writes the viewer (Write) of a release scored under every policy on every
// episode, from the tables and figures already built (the report's; only the SVG figures
// are shown). rel.Notes is replaced by the release's notes: its input, the SYNTHETIC
// warning when it is synthetic, and the reconciliation of the episodes with the interval
// settings o. Each policy's leaderboard is T2 built for that policy with o and ch,
// followed by its rows of the policies table when tables hold one.
func WriteRelease(path string, rel Release, tables []*results.Table, figs []results.RenderedFigure, o analysis.StatOptions, ch analysis.Choices) (Stats, error) {
	var svgs []Figure
	for _, f := range figs {
		for i, ext := range f.Exts {
			if ext == "svg" {
				svgs = append(svgs, Figure{Name: f.Name, SVG: f.Files[i]})
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
	sr := rel.Scored
	rel.Notes = []string{"Input: " + sr.Input + "."}
	if sr.Synthetic {
		rel.Notes = append(rel.Notes, "The built-in release is SYNTHETIC: generated in the real SafeActBench schemas and calibrated to the paper's published aggregates; it is not the paper's traces.")
	}
	rel.Notes = append(rel.Notes, fmt.Sprintf("Episodes: read %d = scored %d + excluded (%s). %s",
		sr.Read(), sr.Counts.Scored, sr.ExcludedSummary(), sr.Releases[0].Intervals(o).Sentence()))
	in, err := FromRelease(rel, tables, svgs, func(r *analysis.Release) ([]*results.Table, error) {
		t, err := t2.Build(&results.Input{Releases: []*analysis.Release{r}, Stats: o, Choices: ch})
		if err != nil {
			return nil, err
		}
		lb := []*results.Table{t}
		if policyRows != nil {
			lb = append(lb, RowsOf(policyRows, r.Policy.Name))
		}
		return lb, nil
	})
	if err != nil {
		return Stats{}, err
	}
	return Write(path, in)
}
