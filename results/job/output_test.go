package job

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/sabench/sabench-stats/results/render"
	"github.com/sabench/sabench-stats/results/verdicts"
)

func TestOutputKindResolve(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		kind           *OutputKind
		format         string
		given          bool
		out, want, err string
	}{
		{TableOutput, "text", false, "", "text", ""},
		{TableOutput, "text", false, "t.tex", "latex", ""},
		{TableOutput, "markdown", true, "", "md", ""},
		{TableOutput, "md", true, "t.md", "md", ""},
		{TableOutput, "text", false, dir, "text", ""}, // a directory has no extension
		{TableOutput, "csv", true, "t.md", "", "--format csv, but --out t.md names a md file"},
		{TableOutput, "xls", true, "", "", `--format: tables writes text, md, latex, csv, json, not "xls"`},
		{TableOutput, "text", false, "t.xls", "", "--out t.xls: cannot tell the table format from the extension .xls; give --format (text, md, latex, csv, json) or name the file .txt, .md, .tex, .csv, .json"},
		{VerdictOutput, "jsonl", false, "v.PARQUET", "parquet", ""},
		{ExplainOutput, "TXT", true, "", "text", ""},
		{ExplainOutput, "text", false, "e.md", "", "--out e.md: cannot tell the explanation format from the extension .md; give --format (text, json) or name the file .txt, .json"},
	} {
		got, err := tc.kind.Resolve("tables", tc.format, tc.given, tc.out)
		if got != tc.want || (err == nil) != (tc.err == "") || err != nil && err.Error() != tc.err {
			t.Errorf("%s %q given=%v out %q: %q, %v; want %q, %s", tc.kind.What, tc.format, tc.given, tc.out, got, err, tc.want, tc.err)
		}
	}
}

func TestCheckTableTarget(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		out  string
		f    render.Format
		n    int
		fine bool
	}{
		{"", render.FormatCSV, 1, true}, {"", render.FormatCSV, 2, false}, {"-", render.FormatText, 2, true},
		{"t.md", render.FormatMarkdown, 2, false}, {dir, render.FormatCSV, 2, true}, {"newdir", render.FormatCSV, 2, true},
	} {
		if err := CheckTableTarget(tc.out, tc.f, tc.n); (err == nil) != tc.fine {
			t.Errorf("CheckTableTarget(%q, %s, %d) = %v", tc.out, tc.f, tc.n, err)
		}
	}
}

func TestIsDatasetDir(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "v.parquet")
	os.WriteFile(file, nil, 0o644)
	for p, want := range map[string]bool{dir: true, file: false, "new/": true, "new": true, "new.parquet": false} {
		if verdicts.IsDatasetDir(p) != want {
			t.Errorf("verdicts.IsDatasetDir(%q) = %v", p, !want)
		}
	}
}
