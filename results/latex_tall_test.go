package results_test

import (
	"fmt"
	"os"
	"os/exec"
	"testing"

	"github.com/sabench/sabench-stats/results"
)

// TestLaTeXTallFloatFitsThePage compiles the built-in report's domains-by-configuration
// table (T8) grown to 20 configurations of paper-length names in a two-column 11 pt
// article, where it is set across the page in its body size: it ran 79 pt below the page
// ("Float too large for page"); an upright table taller than the page less three lines is
// now scaled down to that height.
func TestLaTeXTallFloatFitsThePage(t *testing.T) {
	if testing.Short() {
		t.Skip("scores the built-in release and runs pdflatex")
	}
	pdflatex, err := exec.LookPath("pdflatex")
	if err != nil {
		if os.Getenv("SABENCH_REQUIRE_PDFLATEX") != "" {
			t.Fatal("pdflatex not found and SABENCH_REQUIRE_PDFLATEX is set")
		}
		t.Skip("pdflatex not installed")
	}
	var t8 *results.Table
	for _, tb := range builtinReportTables(t) {
		if tb.ID == "T8" {
			t8 = tb
		}
	}
	if t8 == nil || len(t8.Rows) != 10 {
		t.Fatalf("no T8 of ten rows")
	}
	grown := *t8
	grown.Rows = nil
	for i := range 20 {
		r := t8.Rows[i%10]
		cells := append([]results.Cell(nil), r.Cells...)
		cells[0] = results.Text(fmt.Sprintf("Gemini 1.5 Pro (gemini-1.5-pro-%03d)/Gemini CLI", i))
		grown.Rows = append(grown.Rows, results.Row{Group: fmt.Sprint(i / 2), Cells: cells})
	}
	doc, spans := fitDocument(t, []*results.Table{&grown}, "twocolumn", "11pt")
	log := compile(t, pdflatex, t.TempDir(), "tall", doc)
	for _, p := range latexProblems(log) {
		t.Errorf("%s: %s", spans.at(p.line), p.text)
	}
}
