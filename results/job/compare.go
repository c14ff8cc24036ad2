package job

import (
	"fmt"
	"io"
	"os"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/figures"
	"github.com/sabench/sabench-stats/results"
	"github.com/sabench/sabench-stats/results/render"
)

// Comparison is A against B in every release of a scored release (analysis.CompareEach),
// with its tables.
type Comparison struct {
	Spec   analysis.CompareSpec
	Scopes [][]analysis.CompareScope // [release][scope]
	Tables []*results.Table
}

// Compare resolves the spec's names in the release (a name that is not there is an
// OptionError) and compares A with B under every policy; the tables are stamped (Stamp).
func (o *Options) Compare(r *Release, ca analysis.CompareSpec) (*Comparison, error) {
	if err := ca.Resolve(r.Releases[0]); err != nil {
		return nil, optionError(fmt.Errorf("compare: %w", err))
	}
	scopes, err := analysis.CompareEach(r.Releases, ca, o.Stat)
	if err != nil {
		return nil, err
	}
	ts, err := o.stamped(r)(results.BuildComparesEach(r.Releases, ca, scopes, o.Stat))
	if err != nil {
		return nil, err
	}
	return &Comparison{Spec: ca, Scopes: scopes, Tables: ts}, nil
}

// WriteDir writes the comparison's tables (Compare stamped them with r's provenance) into
// the directory dir (created if needed), one file per table in format f, and its forest
// plot (SVG, PDF, PNG) when it has rows; it returns the files written.
func (cp *Comparison) WriteDir(o *Options, r *Release, dir string, f render.Format, ro render.RenderOptions) ([]string, error) {
	if err := os.MkdirAll(dir, 0o777); err != nil {
		return nil, err
	}
	files, err := render.WriteTableDir(dir, f, cp.Tables, func(w io.Writer, t *results.Table) error { return render.RenderWith(w, t, f, ro) })
	if err != nil {
		return nil, err
	}
	fig, err := figures.CompareForest(cp.Spec, r.Releases, cp.Scopes, o.Stat, r.Mark())
	if err != nil {
		return nil, err
	}
	if fig != nil {
		written, err := WriteFigure(dir, "compare_forest", fig, figures.Options{})
		if err != nil {
			return nil, fmt.Errorf("forest plot: %w", err)
		}
		files = append(files, written...)
	}
	return files, nil
}
