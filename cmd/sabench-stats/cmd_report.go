package main

import (
	"bytes"
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
	c := addCommon(e, fs, "sabench-report")
	ro := addLaTeXFlags(fs)
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if err := c.check(); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usagef("report takes no arguments (got %q)", fs.Args())
	}
	in, rels, counts, dropped, err := c.scoreAll(true)
	if err != nil {
		return err
	}
	o := c.stats()
	out := filepath.Clean(c.out)
	if err := replaceable(out); err != nil {
		return err
	}
	// Build everything in a sibling temporary directory and rename it into place, so an
	// error never leaves a half-written report.
	if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
		return err
	}
	tmp, err := os.MkdirTemp(filepath.Dir(out), "."+filepath.Base(out)+".tmp-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	// Tables and figures are independent: build and write them side by side (figures are
	// mostly single-threaded PNG encoding, tables mostly bootstrap).
	var tables []*results.Table
	var tablesErr error
	done := make(chan struct{})
	go func() {
		defer close(done)
		tables, tablesErr = writeReportTables(tmp, rels, o, *ro)
	}()
	base := policyComparison(rels)
	figs, figFiles, figErr := writeReportFigures(tmp, base, o)
	<-done
	if tablesErr != nil {
		return tablesErr
	}
	if figErr != nil {
		return figErr
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

// replaceable refuses to replace anything but a missing directory, an empty one, or an
// earlier report (it has our index.md): --out . must never wipe a working tree.
func replaceable(out string) error {
	entries, err := os.ReadDir(out)
	if os.IsNotExist(err) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("--out %s: %w", out, err)
	}
	if len(entries) == 0 {
		return nil
	}
	head, err := os.ReadFile(filepath.Join(out, "index.md"))
	if err == nil && strings.HasPrefix(string(head), reportHeading) {
		return nil
	}
	return fmt.Errorf("--out %s: exists and is not an earlier sabench-stats report; choose another directory or remove it", out)
}

// reportHeading starts every report's index.md.
const reportHeading = "# sabench-stats report\n"

// writeReportTables builds every table and writes it in every format under dir/tables.
func writeReportTables(dir string, rels []*analysis.Release, o analysis.StatOptions, ro results.RenderOptions) ([]*results.Table, error) {
	tables, err := buildTables(rels, nil, o)
	if err != nil {
		return nil, err
	}
	if err := os.MkdirAll(filepath.Join(dir, "tables"), 0o755); err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	for _, t := range tables {
		for _, f := range results.Formats() {
			buf.Reset()
			if err := results.RenderWith(&buf, t, f, ro); err != nil {
				return nil, err
			}
			if err := writePlain(filepath.Join(dir, "tables", t.ID+"."+f.Ext()), buf.Bytes()); err != nil {
				return nil, err
			}
		}
	}
	return tables, nil
}

// writeReportFigures renders every figure under dir/figures and returns the file names
// relative to dir, per figure.
func writeReportFigures(dir string, pc *analysis.PolicyComparison, o analysis.StatOptions) ([]analysis.Figure, [][]string, error) {
	figs, err := pc.Base.Figures(o, pc)
	if err != nil {
		return nil, nil, err
	}
	if err := os.MkdirAll(filepath.Join(dir, "figures"), 0o755); err != nil {
		return nil, nil, err
	}
	var files [][]string
	for _, f := range figs {
		out, err := figures.RenderAll(f.Fig, figures.Options{})
		if err != nil {
			return nil, nil, fmt.Errorf("figure %s: %w", f.Name, err)
		}
		var written []string
		for _, format := range figures.Formats {
			rel := filepath.Join("figures", f.Name+"."+string(format))
			if err := writePlain(filepath.Join(dir, rel), out[format]); err != nil {
				return nil, nil, err
			}
			written = append(written, rel)
		}
		files = append(files, written)
	}
	return figs, files, nil
}

// writePlain writes a file inside the report's temporary directory. No per-file temp
// and fsync: the whole directory is renamed into place at the end, which is what makes
// the report atomic.
func writePlain(path string, data []byte) error {
	return os.WriteFile(path, data, 0o644)
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
	b.WriteString(reportHeading + "\n")
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
