package job

import (
	"fmt"
	"path"
	"slices"
	"strings"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/results"
	"github.com/sabench/sabench-stats/results/render"
)

// indexHeading starts every report's index.md.
const indexHeading = "# sabench-stats report\n"

// IndexFigure is one figure of a report and its files, relative to the report directory.
type IndexFigure struct {
	Name  string
	Files []string
	Note  string // how it departs from the column size (figures.Rendered.Note); "" for none
}

// Index describes a report for its index.md.
type Index struct {
	Scored   *analysis.ScoredRelease
	Stats    analysis.StatOptions
	Method   string // as given (--interval)
	Quantile string // as given (--quantile)
	Tables   []*results.Table
	Figures  []IndexFigure
	Skipped  []string // what was not written, and why
	Mark     string   // the SYNTHETIC warning (analysis.ScoredRelease.Mark), "" for none
	// Render sets the layout of the table files (the LaTeX width and environment).
	Render render.RenderOptions
	// Meta is the provenance section; nil writes none.
	Meta *results.Meta
}

// Markdown renders the index: provenance, counts, and every table and figure with its
// files.
func (x *Index) Markdown() string {
	var b strings.Builder
	s := x.Scored
	b.WriteString(indexHeading + "\n")
	fmt.Fprintf(&b, "- Input: %s.\n", render.MarkdownInline(s.Input))
	if x.Mark != "" {
		fmt.Fprintf(&b, "- **%s**\n", x.Mark)
	}
	fmt.Fprintf(&b, "- Episodes: read %d = scored %d + excluded (%s).\n", s.Read(), s.Counts.Scored, s.ExcludedSummary())
	if n := s.Counts.TrustedNote(func(s string) string { return "`" + s + "`" }); n != "" {
		fmt.Fprintf(&b, "- %s\n", n)
	}
	fmt.Fprintf(&b, "- Tables use policy %s; the policies table compares %s.\n", render.MarkdownInline(s.Releases[0].Policy.String()), render.MarkdownInline(s.PolicyNames()))
	o := x.Stats
	fmt.Fprintf(&b, "- %s\n", s.Releases[0].Intervals(o).Sentence())
	for _, why := range x.Skipped {
		fmt.Fprintf(&b, "- Not written: %s.\n", render.MarkdownInline(why))
	}
	if why := x.officialNotWritten(); why != "" {
		fmt.Fprintf(&b, "- Not written: %s.\n", render.MarkdownInline(why))
	}
	for _, t := range x.Tables {
		if t.Empty != "" {
			fmt.Fprintf(&b, "- Empty table %s: %s.\n", render.MarkdownInline(t.ID), render.MarkdownInline(t.Empty))
		}
	}
	if lack := render.LaTeXLacks(x.Tables); lack != "" {
		fmt.Fprintf(&b, "- LaTeX: %s.\n", render.MarkdownInline(lack))
	}
	b.WriteString("\n## Tables\n\n| Table | Title | Files |\n|---|---|---|\n")
	for _, t := range x.Tables {
		var links []string
		for _, f := range render.Formats() {
			links = append(links, fmt.Sprintf("[%s](tables/%s.%s)", f.Ext(), t.ID, f.Ext()))
		}
		if t.Meta != nil {
			links = append(links, fmt.Sprintf("[csv meta](tables/%s)", render.SidecarName(t.ID+"."+render.FormatCSV.Ext())))
		}
		fmt.Fprintf(&b, "| %s | %s | %s |\n", render.MarkdownInline(t.ID), render.MarkdownInline(t.Title), strings.Join(links, " "))
	}
	b.WriteString("\n## Figures\n\n")
	for _, f := range x.Figures {
		var links []string
		for _, p := range f.Files {
			links = append(links, fmt.Sprintf("[%s](%s)", strings.TrimPrefix(path.Ext(p), "."), p))
		}
		note := ""
		if f.Note != "" {
			note = " (" + render.MarkdownInline(f.Note) + ")"
		}
		fmt.Fprintf(&b, "- %s: %s%s\n", f.Name, strings.Join(links, " "), note)
	}
	if x.Meta != nil {
		x.Meta.WriteMarkdown(&b, render.MarkdownInline)
	}
	return b.String()
}

// officialNotWritten says why the report has none of the official tables
// (results.OfficialRegistry), which a report writes for a bench whose cases take task
// success from the benchmark's own verdict only; "" when it has them. Said in the index
// alone: every SafeActBench report leaves them out, a line on the terminal each time
// would be noise.
func (x *Index) officialNotWritten() string {
	var ids []string
	for _, s := range results.OfficialRegistry {
		if slices.ContainsFunc(x.Tables, func(t *results.Table) bool { return t.ID == s.ID }) {
			return ""
		}
		ids = append(ids, s.ID)
	}
	return strings.Join(ids[:len(ids)-1], ", ") + " and " + ids[len(ids)-1] + ": " + results.OfficialNotApplicable
}
