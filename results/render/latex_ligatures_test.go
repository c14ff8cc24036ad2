package render

import (
	"bytes"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/results"
)

// TestLaTeXLigatures: T1 fonts join "--" into an en dash, two apostrophes into a closing
// double quote and ",," into a low one, and set "`" as an opening quote (with "!" or "?" before
// it, an inverted mark), so a name "run--2" or "`dsh`" and a note's "--adjust" were
// printed as other characters. They print as written: "{}" between the pair, "`" as
// \textasciigrave; an en dash written as such is still set as one.
func TestLaTeXLigatures(t *testing.T) {
	for in, want := range map[string]string{
		"run--2":        `run-{}-{}2`,
		"a---b----c":    `a-{}-{}-b-{}-{}-{}-{}c`,
		"''q'' ,,l":     `'{}'{}q'{}'{} ,{},{}l`,
		"`dsh` !`x ?`y": `\textasciigrave{}dsh\textasciigrave{} !\textasciigrave{}x ?\textasciigrave{}y`,
		"V0–V3, R's":    `V0--V3, R's`,
		"(--adjust)":    `(-{}-{}adjust)`,
	} {
		tab := &results.Table{ID: "t", Columns: []results.Column{{Key: "n", Header: "name", Kind: results.KindText}}}
		tab.AddRow(results.Text(in))
		tab.Notes = []string{in}
		var b bytes.Buffer
		if err := Render(&b, tab, FormatLaTeX); err != nil {
			t.Fatal(err)
		}
		tex := b.String()
		if !strings.Contains(tex, "\n"+want+` \\`) || !strings.Contains(tex, want+`\par`) {
			t.Errorf("%q: the LaTeX cell or note is not %q:\n%s", in, want, tex)
		}
	}
}
