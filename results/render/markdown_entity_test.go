package render

import (
	"bytes"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/results"
)

// TestMarkdownEntityReferences: Markdown reads "&amp;", "&#38;" and "&copy;" as the
// characters they name, so a configuration named "<b>GLM</b> &amp; co" showed as
// "<b>GLM</b> & co" once rendered, in its cell, the caption and the notes. Such a
// reference is escaped; a lone "&" is left as it is (Markdown shows it as it is).
func TestMarkdownEntityReferences(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{`<b>GLM</b> &amp; co`, `\<b\>GLM\</b\> \&amp; co`},
		{`x&#38;y &#x26; &copy;`, `x\&#38;y \&#x26; \&copy;`},
		{`R & D, a&b, &;, &#;`, `R & D, a&b, &;, &#;`},
	} {
		tab := &results.Table{ID: "t", Title: tc.in, Columns: []results.Column{{Key: "n", Header: "name", Kind: results.KindText}}}
		tab.AddRow(results.Text(tc.in))
		tab.Notes = []string{"note " + tc.in}
		var b bytes.Buffer
		if err := Render(&b, tab, FormatMarkdown); err != nil {
			t.Fatal(err)
		}
		md := b.String()
		for _, want := range []string{"**t: " + tc.want + "**", "| " + tc.want + " |", "\nnote " + tc.want + "\n"} {
			if !strings.Contains(md, want) {
				t.Errorf("%q: Markdown lacks %q:\n%s", tc.in, want, md)
			}
		}
	}
}
