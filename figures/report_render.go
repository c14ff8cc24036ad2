package figures

import (
	"bytes"
	"fmt"
	"slices"
	"strings"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/bootstrap/workers"
	"github.com/sabench/sabench-stats/ingest"
	"golang.org/x/image/font/sfnt"
	"gonum.org/v1/plot/vg"
)

// Rendered is one figure's files: the file extension (svg, pdf, png) and the bytes, in
// the order to list them.
type Rendered struct {
	Name  string
	Exts  []string
	Files [][]byte
	// Note says how the figure departs from the report's size and its names: widened to
	// fit its names (fit), characters the font lacks (LacksIn), names drawn by a label
	// (Named.Note); "" when none applies.
	Note string
}

// Marked captions every figure under it, inside the image, so that a copied figure keeps
// them: in grey with what it draws that its title and axes do not say (Named.About), and in
// red with the SYNTHETIC warning mark (analysis.ScoredRelease.Mark; "" for none).
func Marked(figs []Named, mark string) []Named {
	out := make([]Named, len(figs))
	for i, f := range figs {
		out[i] = f
		if f.About != "" || mark != "" {
			out[i].Fig = Captioned{Fig: f.Fig, Note: f.About, Caption: mark}
		}
	}
	return out
}

// RenderReport builds the report's figures (Report, on the first policy's release, as the
// tables beside them; policy_ranks compares the releases with the comparison's base;
// Marked with mark, the SYNTHETIC warning or "") and renders each in every format at the default
// size, for the report directory and the viewer; skipped says which could not be built
// and why. The renderings run side by side on up to o.Workers goroutines (0: GOMAXPROCS):
// each is single-threaded and they are independent, so the files are the same whatever
// the count.
func RenderReport(pc *analysis.PolicyComparison, o analysis.StatOptions, ch analysis.Choices, mark string) ([]Rendered, []string, error) {
	figs, skipped, err := Report(pc.Releases[0], pc, o, ch)
	if err != nil {
		return nil, nil, err
	}
	marked := Marked(figs, mark)
	files, errs := renderEach(marked, o.Workers)
	var out []Rendered
	for i, f := range marked {
		at, atErrs := files[i*len(Formats):(i+1)*len(Formats)], errs[i*len(Formats):(i+1)*len(Formats)]
		// The first format's error, as RenderAll returns it.
		if k := slices.IndexFunc(atErrs, func(e error) bool { return e != nil }); k >= 0 {
			err := atErrs[k]
			// A figure that cannot be drawn (even widened: fit) is left out with its reason;
			// every other output is still written.
			skipped = append(skipped, f.Name+": cannot be drawn: "+strings.TrimPrefix(err.Error(), "figures: "))
			continue
		}
		x := Rendered{Name: f.Name}
		if x.Note = PageNote(f.Fig, Options{}); x.Note == "" {
			if fo, err := Fitted(f.Fig, Options{}); err == nil && fo.Width > Column.Width {
				x.Note = fmt.Sprintf("drawn %.1f in wide, wider than the %.1f in column, to fit its names", float64(fo.Width/vg.Inch), float64(Column.Width/vg.Inch))
			}
		}
		for _, n := range []string{LacksIn([]Named{f}), f.Note} {
			if n != "" && x.Note != "" {
				x.Note += "; "
			}
			x.Note += n
		}
		for j, format := range Formats {
			x.Exts, x.Files = append(x.Exts, string(format)), append(x.Files, at[j])
		}
		out = append(out, x)
	}
	return out, skipped, nil
}

// renderEach renders every figure in every format at the default size on up to w
// goroutines: file and error [figure*len(Formats)+format].
func renderEach(figs []Named, w int) ([][]byte, []error) {
	files := make([][]byte, len(figs)*len(Formats))
	errs := make([]error, len(files))
	// No call fails: each file keeps its own error.
	workers.Each(len(files), w, func(i int) error {
		var b bytes.Buffer
		errs[i] = Render(figs[i/len(Formats)].Fig, Formats[i%len(Formats)], &b, Options{})
		files[i] = b.Bytes()
		return nil
	})
	return files, errs
}

// LacksIn is the note on the characters the bundled font lacks in the names the figures
// draw (Named.Drawn), each name once; "" for none: the PNG draws those characters blank
// and the PDF as the font's empty box (its missing glyph), so that two such names can
// look alike there; the SVG keeps them as text in the viewer's fonts. A figure's note names
// only what it shows: harness_differences shows models, not configurations.
func LacksIn(figs []Named) string {
	var drawn []string
	for _, f := range figs {
		for _, n := range f.Drawn {
			if !slices.Contains(drawn, n) {
				drawn = append(drawn, n)
			}
		}
	}
	return fontLacks(drawn)
}

// fontLacks is the note on the characters the bundled font lacks in names as drawn
// (labels).
func fontLacks(names []string) string {
	f, err := sansSFNT()
	if err != nil {
		return ""
	}
	var buf sfnt.Buffer
	lack := ingest.NamesLacking(names, func(r rune) bool {
		i, err := f.GlyphIndex(&buf, r)
		return err != nil || i != 0
	})
	if len(lack) == 0 {
		return ""
	}
	// The labels are quoted as drawn, like the labels' note: they already show a tab or
	// line break escaped, and quoting them again doubled the backslash ("\\t").
	return fmt.Sprintf("the bundled font lacks characters of \"%s\": the PNG draws them blank, the PDF as the font's empty box, the SVG in the viewer's fonts", strings.Join(lack, `", "`))
}
