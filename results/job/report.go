package job

import (
	"path/filepath"

	"github.com/sabench/sabench-stats/figures"
	"github.com/sabench/sabench-stats/results"
	"github.com/sabench/sabench-stats/results/view"
)

// View writes the HTML viewer page at path (and its chunk files beside it) of a release
// scored under every policy on every episode with Scoring.Collect, with the tables that
// apply (results.Default) and the figures.
func (o *Options) View(path string, r *Release) (view.Stats, error) {
	tables, figs, _, err := figures.TablesAndFigures(o.TableInput(r.ScoredRelease), results.Default(len(r.Releases)), r.Synthetic)
	if err != nil {
		return view.Stats{}, err
	}
	return o.viewer(path, r, tables, figs)
}

// viewer writes the viewer (view.WriteRelease) from tables and figures already built.
func (o *Options) viewer(path string, r *Release, tables []*results.Table, figs []results.RenderedFigure) (view.Stats, error) {
	return view.WriteRelease(path, r.ScoredRelease, r.Collector, tables, figs, o.Stat, o.Choices)
}

// Report builds every table of the registry and every figure and writes the report
// directory out (results.WriteReport), with the viewer as index.html when the release
// has episodes to show (Release.Collector). The index says what was written and what was
// not, and why (Index.Skipped; a release without episodes has no viewer); viewer is nil
// when none was written.
func (o *Options) Report(out string, r *Release, render results.RenderOptions) (idx *results.Index, viewer *view.Stats, err error) {
	sr := r.ScoredRelease
	idx = &results.Index{Scored: sr, Stats: o.Stat, Method: o.Stats.Method, Quantile: o.Stats.Quantile, Synthetic: sr.Synthetic, Render: render}
	var figs []results.RenderedFigure
	if idx.Tables, figs, idx.Skipped, err = figures.TablesAndFigures(o.TableInput(sr), results.Registry, sr.Synthetic); err != nil {
		return nil, nil, err
	}
	if idx.Meta, err = o.Stamp(r, idx.Tables); err != nil {
		return nil, nil, err
	}
	var extra []func(tmp string) error
	if r.Collector != nil {
		viewer = &view.Stats{}
		extra = append(extra, func(tmp string) (err error) {
			*viewer, err = o.viewer(filepath.Join(tmp, "index.html"), r, idx.Tables, figs)
			return err
		})
	}
	if err := results.WriteReport(out, idx, figs, extra...); err != nil {
		return nil, nil, err
	}
	return idx, viewer, nil
}
