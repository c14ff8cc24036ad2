package main

import (
	"strings"
	"testing"
)

// TestLaTeXFlags: --latex-width and --latex-env reach the LaTeX form and are refused for
// other formats.
func TestLaTeXFlags(t *testing.T) {
	wantUsage(t, "--latex-width applies to --format latex", "tables", "T1", "--format", "csv", "--latex-width", "page")
	wantUsage(t, "--latex-env applies to --format latex", "tables", "T1", "--latex-env", "table")
	wantUsage(t, "unknown LaTeX width", "tables", "T1", "--format", "latex", "--latex-width", "wide")
	wantUsage(t, "unknown LaTeX environment", "tables", "T1", "--format", "latex", "--latex-env", "figure")
	runs := subsetRuns(t)
	out, _ := mustRun(t, "tables", "T1", "--bench", "builtin", "--runs", runs, "-j", "2", "--format", "latex")
	if !strings.Contains(out, `\sabenchfitcap{`) {
		t.Errorf("default layout is not fitted:\n%s", out)
	}
	out, _ = mustRun(t, "tables", "T1", "--bench", "builtin", "--runs", runs, "-j", "2", "--format", "latex", "--latex-width", "none", "--latex-env", "table*")
	if strings.Contains(out, `\sabenchfit`) || !strings.Contains(out, "\\begin{table*}[tp]\n") {
		t.Errorf("--latex-width none --latex-env table*: want a plain tabular in table*:\n%s", out)
	}
	out, _ = mustRun(t, "tables", "T1", "--bench", "builtin", "--runs", runs, "-j", "2", "--format", "latex", "--latex-width", "page", "--latex-env", "table")
	if !strings.Contains(out, `\sabenchfitcap{\textwidth}`) || !strings.Contains(out, "\\begin{table}[tbp]\n") {
		t.Errorf("--latex-width page --latex-env table: want table fitted to \\textwidth:\n%s", out)
	}
}
