package figures

import (
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/analysis"
)

// TestTitleWrapsLongName: a title holding a configuration name without spaces (compare's
// forest plot names both arms) was broken at spaces only, so the name ran as one line
// wider than the column and the figure was drawn wider (5.4 in for this one). The name
// is broken as a configuration label is (wrapName: after "/", "-", "_", "." or between
// characters), every character kept, and the figure keeps the column width.
func TestTitleWrapsLongName(t *testing.T) {
	long := "claude_5_opus_2026_05_preview.claude_code_extended_thinking.200k_context.v2_final_run_seven/react"
	f := Forest{Title: compareTitle(analysis.CompareSpec{A: long, B: "GPT-5.6/Codex"}, " (ECS)"), Level: 0.95,
		Rows: []Comparison{{Label: "All", Estimate: 0.05, Lo: -0.02, Hi: 0.12}, {Label: "V1", Estimate: 0.1, Lo: 0.01, Hi: 0.2}}}
	o, err := Fitted(f, Column)
	if err != nil {
		t.Fatal(err)
	}
	if o.Width != Column.Width {
		t.Errorf("drawn %.1f in wide, want %.1f", float64(o.Width)/72, float64(Column.Width)/72)
	}
	st := newStyle(Column)
	inner := Column.Width - 2*st.em*0.6
	lines := wrap(st.title, f.Title, inner)
	if w := maxWidth(st.title, lines); w > inner {
		t.Errorf("title lines %q: %.1f pt wide, the column's inner width %.1f", lines, w, inner)
	}
	if got := strings.Join(lines, ""); strings.ReplaceAll(got, " ", "") != strings.ReplaceAll(f.Title, " ", "") {
		t.Errorf("title lines %q do not read back as %q", lines, f.Title)
	}
}
