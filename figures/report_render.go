package figures

import (
	"fmt"

	"github.com/sabench/sabench-stats/analysis"
)

// Rendered is one figure's files: the file extension (svg, pdf, png) and the bytes, in
// the order to list them.
type Rendered struct {
	Name  string
	Exts  []string
	Files [][]byte
}

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
func RenderReport(pc *analysis.PolicyComparison, o analysis.StatOptions, ch analysis.Choices, synthetic bool) ([]Rendered, []string, error) {
	figs, skipped, err := Report(pc.Base, pc, o, ch)
	if err != nil {
		return nil, nil, err
	}
	var out []Rendered
	for _, f := range Marked(figs, synthetic) {
		rendered, err := RenderAll(f.Fig, Options{})
		if err != nil {
			return nil, nil, fmt.Errorf("figure %s: %w", f.Name, err)
		}
		x := Rendered{Name: f.Name}
		for _, format := range Formats {
			x.Exts, x.Files = append(x.Exts, string(format)), append(x.Files, rendered[format])
		}
		out = append(out, x)
	}
	return out, skipped, nil
}
