package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/figures"
	"github.com/sabench/sabench-stats/results"
)

func init() {
	register(command{name: "report", summary: "the main job: every table (all formats) and figure into --out, with an index", run: runReport})
}

func runReport(e *env, args []string) error {
	fs := newFlagSet(e, "report", "[flags]")
	c := addCommon(fs, "sabench-report")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if err := c.check(); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usagef("report takes no arguments (got %q)", fs.Args())
	}
	pols, err := c.policyList(true)
	if err != nil {
		return err
	}
	in, err := c.load()
	if err != nil {
		return err
	}
	rels, counts, dropped, err := c.scoreReleases(in, pols)
	if err != nil {
		return err
	}
	o := c.stats()
	tables, err := buildTables(rels, nil, o)
	if err != nil {
		return err
	}
	base := policyComparison(rels)
	figs, err := base.Base.Figures(o, base)
	if err != nil {
		return err
	}
	// Build everything in a sibling temporary directory and rename it into place, so an
	// error never leaves a half-written report.
	out := filepath.Clean(c.out)
	if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
		return err
	}
	tmp, err := os.MkdirTemp(filepath.Dir(out), "."+filepath.Base(out)+".tmp-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	var files []string
	for _, t := range tables {
		for _, f := range results.Formats() {
			rel := filepath.Join("tables", t.ID+"."+f.Ext())
			if err := writeTable(filepath.Join(tmp, rel), t, f); err != nil {
				return err
			}
		}
	}
	var figFiles [][]string
	if err := os.MkdirAll(filepath.Join(tmp, "figures"), 0o755); err != nil {
		return err
	}
	for _, f := range figs {
		written, err := figures.WriteAll(filepath.Join(tmp, "figures"), f.Name, f.Fig, figures.Options{})
		if err != nil {
			return fmt.Errorf("figure %s: %w", f.Name, err)
		}
		for i := range written {
			written[i], _ = filepath.Rel(tmp, written[i])
		}
		figFiles = append(figFiles, written)
		files = append(files, written...)
	}
	idx := reportIndex(in, counts, len(dropped), rels[0], base, tables, figs, figFiles, c)
	if err := results.WriteFileAtomic(filepath.Join(tmp, "index.md"), func(w io.Writer) error {
		_, err := io.WriteString(w, idx)
		return err
	}); err != nil {
		return err
	}
	if err := os.RemoveAll(out); err != nil {
		return err
	}
	if err := os.Rename(tmp, out); err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "sabench-stats report: %d tables × %d formats and %d figures in %s (index: %s)\n",
		len(tables), len(results.Formats()), len(figs), out, filepath.Join(out, "index.md"))
	fmt.Fprintf(e.stdout, "episodes: read %d, scored %d, excluded %s; policies: %s\n\n", counts.Read+len(dropped), counts.Scored,
		excludedSummary(counts, len(dropped)), policyNames(rels))
	for _, t := range tables {
		if t.ID == "T2" {
			return results.Render(e.stdout, t, results.FormatText)
		}
	}
	return nil
}

func writeTable(path string, t *results.Table, f results.Format) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return results.WriteTableFile(path, f, t)
}

func excludedSummary(c analysis.Counts, dropped int) string {
	var parts []string
	for _, r := range c.ExcludedReasons() {
		parts = append(parts, fmt.Sprintf("%d %s", c.Excluded[r], r))
	}
	if dropped > 0 {
		parts = append(parts, fmt.Sprintf("%d duplicate", dropped))
	}
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, ", ")
}

func policyNames(rels []*analysis.Release) string {
	var n []string
	for _, r := range rels {
		n = append(n, r.Policy.Name)
	}
	return strings.Join(n, ", ")
}

// reportIndex is the report's Markdown index: provenance, counts, and every table and
// figure with its files.
func reportIndex(in *input, counts analysis.Counts, dropped int, main *analysis.Release, pc *analysis.PolicyComparison,
	tables []*results.Table, figs []analysis.Figure, figFiles [][]string, c *common) string {
	var b strings.Builder
	b.WriteString("# sabench-stats report\n\n")
	fmt.Fprintf(&b, "- Input: %s.\n", in.describe)
	if in.bench.Kind == "memory" {
		b.WriteString("- **The built-in release is synthetic**: generated in the real SafeActBench schemas and calibrated to the paper's published aggregates; it is not the paper's traces.\n")
	}
	fmt.Fprintf(&b, "- Episodes: read %d = scored %d + excluded (%s).\n", counts.Read+dropped, counts.Scored, excludedSummary(counts, dropped))
	fmt.Fprintf(&b, "- Tables use policy %s; the policies table compares %s.\n", main.Policy.String(), policyNames(pc.Releases))
	o := c.stats()
	fmt.Fprintf(&b, "- Intervals: %d %s bootstrap resamples, level %.2f, %s, quantiles %s, seed %d.\n\n", o.Resamples, o.Unit(), o.Level, c.method, c.quantile, o.Seed)
	b.WriteString("## Tables\n\n| Table | Title | Files |\n|---|---|---|\n")
	for _, t := range tables {
		var links []string
		for _, f := range results.Formats() {
			p := "tables/" + t.ID + "." + f.Ext()
			links = append(links, fmt.Sprintf("[%s](%s)", f.Ext(), p))
		}
		fmt.Fprintf(&b, "| %s | %s | %s |\n", t.ID, strings.ReplaceAll(t.Title, "|", "\\|"), strings.Join(links, " "))
	}
	b.WriteString("\n## Figures\n\n")
	for i, f := range figs {
		var links []string
		for _, p := range figFiles[i] {
			links = append(links, fmt.Sprintf("[%s](%s)", strings.TrimPrefix(filepath.Ext(p), "."), filepath.ToSlash(p)))
		}
		fmt.Fprintf(&b, "- %s: %s\n", f.Name, strings.Join(links, " "))
	}
	return b.String()
}
