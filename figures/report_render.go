package figures

import (
	"fmt"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/results"
)

// Marked captions every figure with the SYNTHETIC warning (analysis.SyntheticMark),
// inside the image, so that a copied figure keeps it, when synthetic is true; otherwise
// it returns figs as they are.
func Marked(figs []Named, synthetic bool) []Named {
	if !synthetic {
		return figs
	}
	out := make([]Named, len(figs))
	for i, f := range figs {
		out[i] = Named{Name: f.Name, Fig: Captioned{Fig: f.Fig, Caption: analysis.SyntheticMark}}
	}
	return out
}

// RenderReport builds the report's figures (Report, on the comparison's base release;
// Marked when the data is synthetic) and renders each in every format at the default
// size, for the report directory and the viewer; skipped says which could not be built
// and why.
func RenderReport(pc *analysis.PolicyComparison, o analysis.StatOptions, ch analysis.Choices, synthetic bool) ([]results.RenderedFigure, []string, error) {
	figs, skipped, err := Report(pc.Base, pc, o, ch)
	if err != nil {
		return nil, nil, err
	}
	var out []results.RenderedFigure
	for _, f := range Marked(figs, synthetic) {
		rendered, err := RenderAll(f.Fig, Options{})
		if err != nil {
			return nil, nil, fmt.Errorf("figure %s: %w", f.Name, err)
		}
		x := results.RenderedFigure{Name: f.Name}
		for _, format := range Formats {
			x.Exts, x.Files = append(x.Exts, string(format)), append(x.Files, rendered[format])
		}
		out = append(out, x)
	}
	return out, skipped, nil
}
