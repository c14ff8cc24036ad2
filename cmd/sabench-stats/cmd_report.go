package main

import (
	"bytes"
	"fmt"
	"os"
	"path"
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
	c.addChoices(fs, true)
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if err := c.check(); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usagef("report takes no arguments (got %q)", fs.Args())
	}
	sr, err := c.scoreAll(true)
	if err != nil {
		return err
	}
	if err := c.checkChoices(sr); err != nil {
		return err
	}
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
	idx := &results.Index{Scored: sr, Stats: c.stats(), Method: c.method, Quantile: c.quantile, Synthetic: sr.Synthetic}
	var tablesErr error
	done := make(chan struct{})
	go func() {
		defer close(done)
		idx.Tables, tablesErr = writeReportTables(tmp, c.tableInput(sr))
	}()
	var figErr error
	idx.Figures, figErr = writeReportFigures(tmp, analysis.NewPolicyComparison(sr.Releases), c)
	<-done
	if tablesErr != nil {
		return tablesErr
	}
	if figErr != nil {
		return figErr
	}
	if err := writePlain(filepath.Join(tmp, "index.md"), []byte(idx.Markdown())); err != nil {
		return err
	}
	if err := os.RemoveAll(out); err != nil {
		return err
	}
	if err := os.Rename(tmp, out); err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "sabench-stats report: %d tables × %d formats and %d figures in %s (index: %s)\n",
		len(idx.Tables), len(results.Formats()), len(idx.Figures), out, filepath.Join(out, "index.md"))
	fmt.Fprintf(e.stdout, "episodes: read %d, scored %d, excluded %s; policies: %s\n\n", sr.Read(), sr.Counts.Scored,
		sr.ExcludedSummary(), sr.PolicyNames())
	for _, t := range idx.Tables {
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
	if err == nil && strings.HasPrefix(string(head), results.IndexHeading) {
		return nil
	}
	return fmt.Errorf("--out %s: exists and is not an earlier sabench-stats report; choose another directory or remove it", out)
}

// writeReportTables builds every table of the registry and writes it in every format
// under dir/tables.
func writeReportTables(dir string, in *results.Input) ([]*results.Table, error) {
	tables, err := results.Build(in, results.Registry)
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
			if err := results.Render(&buf, t, f); err != nil {
				return nil, err
			}
			if err := writePlain(filepath.Join(dir, "tables", t.ID+"."+f.Ext()), buf.Bytes()); err != nil {
				return nil, err
			}
		}
	}
	return tables, nil
}

// writeReportFigures renders every figure under dir/figures.
func writeReportFigures(dir string, pc *analysis.PolicyComparison, c *common) ([]results.IndexFigure, error) {
	figs, err := figures.Report(pc.Base, pc, c.stats(), c.choices)
	if err != nil {
		return nil, err
	}
	if err := os.MkdirAll(filepath.Join(dir, "figures"), 0o755); err != nil {
		return nil, err
	}
	var out []results.IndexFigure
	for _, f := range figs {
		rendered, err := figures.RenderAll(f.Fig, figures.Options{})
		if err != nil {
			return nil, fmt.Errorf("figure %s: %w", f.Name, err)
		}
		x := results.IndexFigure{Name: f.Name}
		for _, format := range figures.Formats {
			rel := path.Join("figures", f.Name+"."+string(format))
			if err := writePlain(filepath.Join(dir, filepath.FromSlash(rel)), rendered[format]); err != nil {
				return nil, err
			}
			x.Files = append(x.Files, rel)
		}
		out = append(out, x)
	}
	return out, nil
}

// writePlain writes a file inside the report's temporary directory. No per-file temp
// and fsync: the whole directory is renamed into place at the end, which is what makes
// the report atomic.
func writePlain(path string, data []byte) error {
	return os.WriteFile(path, data, 0o644)
}
