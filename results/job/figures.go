package job

import (
	"fmt"
	"slices"
	"strings"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/figures"
	"gonum.org/v1/plot/vg"
)

// FigureFiles are what Figures wrote.
type FigureFiles struct {
	Files   []string // every file, in the order written
	Figures int      // how many figures (each in every format)
	Names   []string // the figures written, in order
	// Policies is what the figures were drawn from: Base is the policy they show.
	Policies *analysis.PolicyComparison
	Skipped  []string // what could not be drawn, and why
	Widened  []string // the figures drawn wider or taller than asked, to fit their names or rows, and how
	Lacking  string   // the names drawn that the bundled font cannot draw whole (figures.LacksIn), "" for none
	// Labels say what the figures written draw for names they cannot draw as they are
	// (figures.Named.Note), each once.
	Labels []string
}

// Figures writes every figure of the release into dir (figures.Report, marked when the
// data is synthetic) at size opt.
func (o *Options) Figures(dir string, r *Release, opt figures.Options) (*FigureFiles, error) {
	ff := &FigureFiles{Policies: analysis.NewPolicyComparison(r.Releases)}
	// The first policy's release, as the tables' (the policy comparison's baseline is
	// safeact wherever it is in the list, for policy_ranks alone).
	figs, skipped, err := figures.Report(r.Releases[0], ff.Policies, o.Stat, o.Choices)
	if err != nil {
		return nil, err
	}
	// A figure that cannot be drawn at opt, even widened, is left out with its reason; the
	// others are written.
	var drawable []figures.Named
	for _, f := range figures.Marked(figs, r.Mark()) {
		fo, err := figures.Fitted(f.Fig, opt)
		if err != nil {
			skipped = append(skipped, f.Name+": cannot be drawn: "+strings.TrimPrefix(err.Error(), "figures: "))
			continue
		}
		if note := figures.PageNote(f.Fig, opt); note != "" {
			ff.Widened = append(ff.Widened, f.Name+": "+note)
		} else if w, h, err := figures.Size(f.Fig, opt); err == nil {
			// What grew: the width, to fit names; the height (of a size that sets one), to
			// fit rows. "drawn 12.0 in wide" of a slide figure drawn taller named neither.
			var grew []string
			if fo.Width != opt.Width && opt.Width != 0 {
				grew = append(grew, fmt.Sprintf("%.1f in wide (not %.1f) to fit its names", float64(w/vg.Inch), float64(opt.Width/vg.Inch)))
			}
			if fo.Height != opt.Height {
				grew = append(grew, fmt.Sprintf("%.1f in tall (not %.1f) to fit its rows", float64(h/vg.Inch), float64(opt.Height/vg.Inch)))
			}
			if len(grew) > 0 {
				ff.Widened = append(ff.Widened, f.Name+": drawn "+strings.Join(grew, " and "))
			}
		}
		drawable = append(drawable, f)
		ff.Names = append(ff.Names, f.Name)
		if f.Note != "" && !slices.Contains(ff.Labels, f.Note) {
			ff.Labels = append(ff.Labels, f.Note)
		}
	}
	ff.Lacking = figures.LacksIn(drawable)
	ff.Figures, ff.Skipped = len(drawable), skipped
	ff.Files, err = WriteFigures(dir, drawable, opt)
	return ff, err
}
