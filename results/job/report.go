package job

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/sabench/sabench-stats/figures"
	"github.com/sabench/sabench-stats/results"
	"github.com/sabench/sabench-stats/results/fsx"
	"github.com/sabench/sabench-stats/results/render"
	"github.com/sabench/sabench-stats/results/view"
)

// View writes the HTML viewer page at path (and its chunk files beside it) of a release
// scored under every policy on every episode with Scoring.Collect, with the tables that
// apply (results.DefaultFor) and the figures.
func (o *Options) View(path string, r *Release) (view.Stats, error) {
	_, st, err := o.viewer(path, r, results.DefaultFor(r.Releases[0], len(r.Releases)), false, nil)
	return st, err
}

// built is what a report or a viewer shows: tables, figures, what was not built and why,
// and the provenance the tables were stamped with (nil: not stamped).
type built struct {
	tables  []*results.Table
	figs    []figures.Rendered
	skipped []string
	meta    *results.Meta
}

// build builds the tables of specs and the figures (tablesAndFigures) and stamps
// the tables when stamp is set; kept, when set, is handed the tables before they are
// stamped.
func (o *Options) build(r *Release, specs []results.Spec, stamp bool, kept func([]*results.Table)) (b built, err error) {
	if b.tables, b.figs, b.skipped, err = tablesAndFigures(o.TableInput(r.ScoredRelease), specs, r.Mark()); err != nil {
		return built{}, err
	}
	if kept != nil {
		kept(b.tables)
	}
	if stamp {
		b.meta, err = o.Stamp(r, b.tables)
	}
	return b, err
}

// viewer builds the tables and figures (build) and writes the viewer of r at path with
// them (view.Release). The viewer's chunk files and its other policies' leaderboards need
// no table, so they are made while the tables are built (view.Release.Prepare; one after
// the other with one worker); the page waits for both, and takes the first policy's
// leaderboard from the tables. beside, when set, is handed what was built and runs while
// the page is written: the report's own files, which the page does not read.
func (o *Options) viewer(path string, r *Release, specs []results.Spec, stamp bool, beside func(built) error) (b built, st view.Stats, err error) {
	v, err := view.NewRelease(path, r.ScoredRelease, r.Collector, o.Stat, o.Choices)
	if err != nil {
		return built{}, st, err
	}
	defer v.Close()
	if err := o.together(v.Prepare, func() (err error) { b, err = o.build(r, specs, stamp, v.Main); return err }); err != nil {
		return built{}, st, err
	}
	page := func() (err error) { st, err = v.Page(b.tables, b.figs, b.skipped); return err }
	if beside == nil {
		err = page()
	} else {
		err = o.together(page, func() error { return beside(b) })
	}
	return b, st, err
}

// Report builds every table of the registry and every figure and writes the report
// directory out (fsx.ReplaceDir: built in a temporary directory moved into place, so
// an error never leaves a half-written report), with the viewer as index.html when the
// release has episodes to show (Release.Collector). The index says what was written and
// what was not, and why (Index.Skipped; a release without episodes has no viewer); viewer
// is nil when none was written.
func (o *Options) Report(out string, r *Release, ro render.RenderOptions) (idx *Index, viewer *view.Stats, err error) {
	sr := r.ScoredRelease
	idx = &Index{Scored: sr, Stats: o.Stat, Method: o.Stats.Method, Quantile: o.Stats.Quantile, Mark: sr.Mark(), Render: ro}
	specs, notApplicable := results.ReportSpecs(sr.Releases[0])
	if len(sr.Releases) < 2 {
		// The policy comparison of one policy with itself (Δ 0.0, τ-b 1.000) is not
		// written, as its figure is not and the viewer leaves it out.
		var ids []string
		specs = slices.DeleteFunc(slices.Clone(specs), func(s results.Spec) bool {
			if s.ComparesPolicies() {
				ids = append(ids, s.ID)
				return true
			}
			return false
		})
		if len(ids) > 0 {
			notApplicable = append(notApplicable, fmt.Sprintf("the tables %s: only one policy scored (%s), and they compare policies", strings.Join(ids, ", "), sr.Releases[0].Policy.Name))
		}
	}
	err = fsx.ReplaceDir(out, func(tmp string) error {
		files := func(b built) error {
			idx.Tables, idx.Skipped, idx.Meta = b.tables, append(notApplicable, b.skipped...), b.meta
			return writeReportFiles(tmp, idx, b.figs)
		}
		if r.Collector == nil {
			b, err := o.build(r, specs, true, nil)
			if err != nil {
				return err
			}
			return files(b)
		}
		_, st, err := o.viewer(filepath.Join(tmp, "index.html"), r, specs, true, files)
		viewer = &st
		return err
	})
	if err != nil {
		return nil, nil, err
	}
	return idx, viewer, nil
}
