package render

import (
	"bytes"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/results"
)

// TestControlCharactersShown: a tab or line break in a name (ingest takes one pasted
// from a spreadsheet) was shown as a space, so "deep\tseek" and "deep seek" printed
// alike and the name printed was not the configuration's. The display forms show it as
// Go quotes it, as the figures' labels do; CSV and JSON keep the name as it is.
func TestControlCharactersShown(t *testing.T) {
	tab := &results.Table{ID: "t", Title: "a\tb", Columns: []results.Column{{Key: "n", Header: "na\nme", Kind: results.KindText}}}
	tab.AddRow(results.Text("deep\tseek\r\nv4\x1b[0m"))
	tab.AddRow(results.Text("deep seek  v4"))
	tab.Notes = []string{"left out: deep\tseek\r\nv4\x1b[0m"}
	want := map[Format][]string{
		FormatText:     {`t: a\tb`, `na\nme`, `deep\tseek\r\nv4\x1b[0m`, "deep seek  v4", `left out: deep\tseek\r\nv4\x1b[0m`},
		FormatMarkdown: {`t: a\\tb`, `na\\nme`, `deep\\tseek\\r\\nv4\\x1b[0m`, "deep seek  v4", `left out: deep\\tseek\\r\\nv4\\x1b[0m`},
		FormatLaTeX:    {`a\textbackslash{}tb`, `deep\textbackslash{}tseek\textbackslash{}r\textbackslash{}nv4\textbackslash{}x1b[0m`, "deep seek  v4"},
	}
	for f, wants := range want {
		var b bytes.Buffer
		if err := Render(&b, tab, f); err != nil {
			t.Fatal(err)
		}
		for _, w := range wants {
			if !strings.Contains(b.String(), w) {
				t.Errorf("%s lacks %q:\n%s", f, w, b.String())
			}
		}
		if strings.ContainsAny(b.String(), "\t\r\x1b") {
			t.Errorf("%s holds a raw control character:\n%q", f, b.String())
		}
	}
}
