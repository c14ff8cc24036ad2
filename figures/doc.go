// Package figures renders the SafeActBench paper's figures, and a few more,
// from plain input structs:
//
//   - FailureMix: failure-type proportions per protocol (one panel each) and
//     configuration (one stacked horizontal bar each), the paper's Figure 5.
//     Whether the shares are of failed episodes or of all scored episodes is
//     explicit: include the Success category for the latter. The legend lists
//     the categories that occur, in stacking order; each known failure type
//     keeps one colour everywhere.
//   - ECSByProtocol: ECS per protocol for each configuration, grouped
//     horizontal bars with whiskers for the confidence intervals.
//   - Forest: paired differences with intervals, one row per comparison, a
//     dashed zero line and the numbers in a right-hand column; a point is
//     filled when its interval excludes 0.
//   - DomainHeatMap: configuration × domain ECS with the value printed in
//     every cell and a colour scale fixed to 0–100%, so maps compare.
//   - PolicyRanks: the rank of each configuration under each authorization
//     policy, a slope chart with names and ranks at both ends; grey bars mark
//     the tie groups of the rank confidence sets.
//
// Captioned wraps any of them with a caption drawn inside the image (the
// report's SYNTHETIC DATA warning), so the caption survives every copy.
//
// The figure types do not depend on the analysis package: callers copy
// their numbers in. report.go builds the report's figures from analysis
// results (figures imports analysis, never the reverse). Rates are proportions in [0, 1] (differences in [-1, 1]) and
// are drawn as percentages (percentage points for differences); NaN marks a
// missing cell where a field's comment allows it. Validate reports the first
// defect naming the field and its indices, e.g.
// "figures: FailureMix.Shares[1][0] (GLM-5.2 / ZCode, V0): shares sum to 0.7,
// want 1 (or all 0 for no data)".
//
// Render draws one figure in one format (SVG, PDF or PNG) to an io.Writer;
// RenderAll draws all three in memory. The package writes no file and imports
// nothing under results/: the results/job package writes figures (atomically)
// beside the tables.
//
//	fig := figures.ECSByProtocol{Configs: cfgs, Protocols: protos, Level: 0.95, ECS: cells}
//	files, err := figures.RenderAll(fig, figures.Column) // files[figures.SVG] is the SVG
//
// Sizes: Column (3.5 in wide, 7 pt text) for one column of a paper, Page
// (7 in, 8 pt) for the full text width, Slide (12 × 6.5 in, 13 pt). Every gap
// and thickness is a multiple of the font size. The height follows from the
// number of rows unless Options.Height is set, which stretches or squeezes
// the rows. The layout is computed from the text it has to show:
// configuration names are never truncated (the report's figures draw a name
// they cannot, over 200 bytes or with a tab, by a label that Named.Note
// states: names.go), legends sit below the data, tick
// labels keep clear of each other, and a figure whose labels cannot fit the
// width (or whose rows cannot fit a set height) is an error naming
// Options.Width (or Options.Height) rather than a clipped picture.
//
// Text uses the bundled Liberation Sans (shipped as a Go module) in every
// format, so a figure looks the same on any machine: the PDF embeds it as a
// UTF-8 TrueType font (a subset, with a ToUnicode map, so that copying or
// pdftotext gives back "−", "–" and "Δ"); the SVG draws each glyph as an
// outline defined once and placed with <use>, and keeps every string as
// transparent text stretched to the same width, for search, selection and
// screen readers; the PNG is rasterised from the font.
//
// Output is deterministic: drawing order follows the input slices only,
// and the PDF creation and
// modification dates are pinned to 2000-01-01 UTC by this package's init (an
// fpdf package default, so it applies to every fpdf document in the
// process). Two runs give byte-identical SVG and PDF; PNG is identical on one
// CPU architecture. Rendering is safe from several goroutines.
//
// Colours are colour-blind safe: Okabe–Ito for protocols and lines (yellow
// left out; past seven lines, dash patterns repeat the colours); for
// failure types one palette (FailureColor, also used by the viewer) over
// one list (FailureTypes: the oracle's, then infra_failure), whose
// colours stay apart within each protocol's types under simulated
// deuteranopia, protanopia and tritanopia; and ColorBrewer's sequential
// YlGnBu for the heat map, whose cells also print their values.
//
// PNG files carry their resolution (a pHYs chunk of Options.DPI), so
// that a document that places them at their stated size gets the
// intended physical size.
package figures
