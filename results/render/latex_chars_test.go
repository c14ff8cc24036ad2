package render

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/results"
)

// TestLaTeXLacksNamesWhatPdflatexCannotSet: a configuration named in CJK was passed to the
// LaTeX tables as written, and pdflatex stopped at (or, in nonstop mode, left out) its
// characters with no word from the tool; the figures already flag such names. LaTeXLacks
// names them, once, with the tables that hold them; accented Latin, the symbols the
// escaper spells and the common punctuation are not flagged.
func TestLaTeXLacksNamesWhatPdflatexCannotSet(t *testing.T) {
	table := func(id string, names ...string) *results.Table {
		tb := &results.Table{ID: id, Title: "ECS (%) — Δ ± τ", Columns: []results.Column{{Key: "config", Header: "Config", Kind: results.KindText}}}
		for _, n := range names {
			tb.AddRow(results.Text(n))
		}
		tb.Notes = append(tb.Notes, "Tie groups: {"+strings.Join(names, ", ")+"}.")
		return tb
	}
	if got := LaTeXLacks([]*results.Table{table("T2", "Claude-5/Inspect", "Müller–Łukasz/“é”", "gpt-4o, temp 0")}); got != "" {
		t.Errorf("Latin names flagged: %s", got)
	}
	got := LaTeXLacks([]*results.Table{table("T2", "模型/ZCode", "Claude-5/Inspect"), table("T8", "Claude-5/Inspect"),
		table("domains", "模型/ZCode", "Модель/x")})
	const want = `pdflatex cannot set characters of "模型/ZCode", "Модель/x" (LaTeX tables T2, domains): it stops at them, ` +
		"or leaves them out in nonstop mode; set these tables with xelatex or lualatex and a font that has them (fontspec), " +
		"or load a package for the script (CJKutf8 for CJK)"
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	// A name only a note holds is named by its word.
	tb := table("T3")
	tb.Notes = append(tb.Notes, "Left out of the table: 模型/ZCode (no scored main-condition episodes).")
	if got := LaTeXLacks([]*results.Table{tb}); !strings.HasPrefix(got, `pdflatex cannot set characters of "模型/ZCode" (LaTeX table T3)`) {
		t.Errorf("note: %s", got)
	}
}

// TestLaTeXSetsAgreesWithPdflatex sets every character latexSets accepts among Latin-1,
// Latin Extended-A and the general punctuation, and every one it rejects there, in a
// T1 article: pdflatex must set the first without an error and stop at each of the others.
func TestLaTeXSetsAgreesWithPdflatex(t *testing.T) {
	pdflatex, err := exec.LookPath("pdflatex")
	if err != nil {
		if os.Getenv("SABENCH_REQUIRE_PDFLATEX") != "" {
			t.Fatal("pdflatex not found and SABENCH_REQUIRE_PDFLATEX is set")
		}
		t.Skip("pdflatex not installed")
	}
	var doc strings.Builder
	doc.WriteString("\\documentclass{article}\n\\usepackage[T1]{fontenc}\n\\begin{document}\n")
	rejected := map[string]bool{}
	for _, block := range [][2]rune{{0xA1, 0x17F}, {0x2010, 0x203A}, {0x20AC, 0x20AC}, {0x2122, 0x2122}, {0x4E2D, 0x4E2D}, {0x41F, 0x41F}} {
		for r := block[0]; r <= block[1]; r++ {
			if r == 0xAD { // the soft hyphen sets nothing visible either way
				continue
			}
			if !latexSets(r) {
				rejected[string(r)] = true
			}
			doc.WriteString(latexEscaper.Replace(string(r)) + "\\par\n")
		}
	}
	doc.WriteString("\\end{document}\n")
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "chars.tex"), []byte(doc.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(pdflatex, "-interaction=nonstopmode", "-draftmode", "chars.tex")
	cmd.Dir = dir
	out, _ := cmd.CombinedOutput() // it fails on the rejected characters, as it should
	log, err := os.ReadFile(filepath.Join(dir, "chars.log"))
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	stopped := map[string]bool{}
	for _, m := range regexp.MustCompile(`Unicode character (.+?) \(U\+[0-9A-F]+\)`).FindAllStringSubmatch(string(log), -1) {
		stopped[m[1]] = true
	}
	for c := range stopped {
		if !rejected[c] {
			t.Errorf("pdflatex stopped at %q (%U), which latexSets accepts", c, []rune(c)[0])
		}
	}
	for c := range rejected {
		if !stopped[c] {
			t.Errorf("latexSets rejects %q (%U), which pdflatex set", c, []rune(c)[0])
		}
	}
	if strings.Contains(string(log), "Fatal error") {
		t.Errorf("pdflatex gave up before the end:\n%s", log)
	}
}
