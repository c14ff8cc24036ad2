package render

import (
	"bytes"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/results"
)

// Inspect model names "trail " and "trail" printed alike in the text, Markdown and LaTeX
// tables (leaderboard --inspect): a name with white space at an end is quoted there, as
// the notes quote it; CSV keeps it as it is.
func TestCellWithSpaceAtAnEndQuoted(t *testing.T) {
	tab := &results.Table{ID: "t", Title: "x", Columns: []results.Column{{Key: "model", Header: "Model", Kind: results.KindText}}}
	tab.AddRow(results.Text("trail "))
	tab.AddRow(results.Text("trail"))
	tab.AddRow(results.Text(" lead"))
	for f, wants := range map[Format][]string{
		FormatText:     {`"trail "`, `" lead"`},
		FormatMarkdown: {`| "trail " |`, `| " lead"  |`},
		FormatLaTeX:    {`"trail "`, `" lead"`},
		FormatCSV:      {"\ntrail \ntrail\n"},
	} {
		var b bytes.Buffer
		if err := Render(&b, tab, f); err != nil {
			t.Fatal(err)
		}
		for _, w := range wants {
			if !strings.Contains(b.String(), w) {
				t.Errorf("%s lacks %q:\n%s", f, w, b.String())
			}
		}
		if f != FormatCSV && strings.Count(b.String(), `"`) != 4 {
			t.Errorf("%s quotes other cells:\n%s", f, b.String())
		}
	}
}
