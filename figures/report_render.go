package figures

import (
	"fmt"
	"strings"

	"github.com/sabench/sabench-stats/analysis"
	"gonum.org/v1/plot/vg"
)

// Rendered is one figure's files: the file extension (svg, pdf, png) and the bytes, in
// the order to list them.
type Rendered struct {
	Name  string
	Exts  []string
	Files [][]byte
	// Note says how the figure departs from the report's size: widened to fit its names
	// (fit); "" when it has the column size.
	Note string
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
			// A figure that cannot be drawn (even widened: fit) is left out with its reason;
			// every other output is still written.
			skipped = append(skipped, f.Name+": cannot be drawn: "+strings.TrimPrefix(err.Error(), "figures: "))
			continue
		}
		x := Rendered{Name: f.Name}
		if fo, err := Fitted(f.Fig, Options{}); err == nil && fo.Width > Column.Width {
			x.Note = fmt.Sprintf("drawn %.1f in wide, wider than the %.1f in column, to fit its names", float64(fo.Width/vg.Inch), float64(Column.Width/vg.Inch))
		}
		for _, format := range Formats {
			x.Exts, x.Files = append(x.Exts, string(format)), append(x.Files, rendered[format])
		}
		out = append(out, x)
	}
	return out, skipped, nil
}
