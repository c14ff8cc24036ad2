package job

import (
	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/figures"
)

// FigureFiles are what Figures wrote.
type FigureFiles struct {
	Files   []string // every file, in the order written
	Figures int      // how many figures (each in every format)
	// Policies is what the figures were drawn from: Base is the policy they show.
	Policies *analysis.PolicyComparison
	Skipped  []string // what could not be drawn, and why
}

// Figures writes every figure of the release into dir (figures.Report, marked when the
// data is synthetic) at size opt.
func (o *Options) Figures(dir string, r *Release, opt figures.Options) (*FigureFiles, error) {
	ff := &FigureFiles{Policies: analysis.NewPolicyComparison(r.Releases)}
	figs, skipped, err := figures.Report(ff.Policies.Base, ff.Policies, o.Stat, o.Choices)
	if err != nil {
		return nil, err
	}
	ff.Figures, ff.Skipped = len(figs), skipped
	ff.Files, err = WriteFigures(dir, figures.Marked(figs, r.Synthetic), opt)
	return ff, err
}
