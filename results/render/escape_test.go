package render

import (
	"bytes"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/results"
)

func TestLaTeXEscape(t *testing.T) {
	tests := []struct{ in, want string }{
		{`&`, `\&`},
		{`%`, `\%`},
		{`$`, `\$`},
		{`#`, `\#`},
		{`_`, `\_`},
		{`{`, `\{`},
		{`}`, `\}`},
		{`~`, `\textasciitilde{}`},
		{`^`, `\textasciicircum{}`},
		{`\`, `\textbackslash{}`},
		{`\{}`, `\textbackslash{}\{\}`}, // one pass: the added braces are not escaped again
		{`<a|b>`, `\textless{}a\textbar{}b\textgreater{}`},
		{"Δ ECS", `$\Delta$ ECS`},
		{"Kendall τ-b, Spearman ρ, Cohen's κ", `Kendall $\tau$-b, Spearman $\rho$, Cohen's $\kappa$`},
		{"a − b — c – d", `a $-$ b --- c -- d`},
		{"±2 ×3 ≤4 ≥5", `$\pm$2 $\times$3 $\leq$4 $\geq$5`},
		{"Zoë Ünïcode 名前", "Zoë Ünïcode 名前"}, // UTF-8 passes through
		{"plain-text 1.5/2 (x) [y]", "plain-text 1.5/2 (x) [y]"},
	}
	for _, tc := range tests {
		if got := latexEscaper.Replace(tc.in); got != tc.want {
			t.Errorf("latexEscaper.Replace(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestMarkdownEscape(t *testing.T) {
	tests := []struct{ in, want string }{
		{`a|b`, `a\|b`},
		{`*x* _y_`, `\*x\* \_y\_`},
		{"`code`", "\\`code\\`"},
		{`~~del~~`, `\~\~del\~\~`},
		{`[95% CI]`, `[95% CI]`},
		{`[x](http://e)`, `[x\](http://e)`},
		{`<b>`, `\<b\>`},
		{`$x$`, `\$x\$`},
		{`C:\dir`, `C:\\dir`},
	}
	for _, tc := range tests {
		if got := mdEscaper.Replace(tc.in); got != tc.want {
			t.Errorf("markdown escape of %q = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestLaTeXLabel(t *testing.T) {
	for in, want := range map[string]string{
		"T2":           "T2",
		"coverage":     "coverage",
		"T_special #1": "T_special--1",
		"a{b}%c":       "a-b--c",
		"Δ":            "-",
	} {
		if got := latexLabel(in); got != want {
			t.Errorf("latexLabel(%q) = %q, want %q", in, got, want)
		}
	}
}

// alignTable has one column per alignment, with values of different widths.
func alignTable() *results.Table {
	t := &results.Table{
		ID: "align",
		Columns: []results.Column{
			{Key: "auto_text", Header: "auto text", Kind: results.KindText},
			{Key: "auto_num", Header: "auto num", Kind: results.KindNumber, Decimals: 1},
			{Key: "left", Header: "left", Kind: results.KindCount, Align: results.AlignLeft},
			{Key: "right", Header: "right", Kind: results.KindText, Align: results.AlignRight},
			{Key: "center", Header: "center", Kind: results.KindFraction, Align: results.AlignCenter},
		},
	}
	t.AddRow(results.Text("a"), results.Number(1), results.Count(5), results.Text("x"), results.Fraction(1, 2))
	t.AddRow(results.Text("long name"), results.Number(123.45), results.Count(12345), results.Text("wide"), results.Fraction(10, 200))
	return t
}

func TestTextAlignment(t *testing.T) {
	var b bytes.Buffer
	if err := Render(&b, alignTable(), FormatText); err != nil {
		t.Fatal(err)
	}
	want := `align
┌───────────┬──────────┬───────┬───────┬────────┐
│ auto text │ auto num │ left  │ right │ center │
├───────────┼──────────┼───────┼───────┼────────┤
│ a         │      1.0 │ 5     │     x │  1/2   │
│ long name │    123.5 │ 12345 │  wide │ 10/200 │
└───────────┴──────────┴───────┴───────┴────────┘
`
	if got := b.String(); got != want {
		t.Errorf("text:\n%s\nwant:\n%s", got, want)
	}
}

func TestMarkdownAlignment(t *testing.T) {
	var b bytes.Buffer
	if err := Render(&b, alignTable(), FormatMarkdown); err != nil {
		t.Fatal(err)
	}
	want := `**align**

| auto text | auto num | left  | right | center |
| :-------- | -------: | :---- | ----: | :----: |
| a         |      1.0 | 5     |     x |  1/2   |
| long name |    123.5 | 12345 |  wide | 10/200 |
`
	if got := b.String(); got != want {
		t.Errorf("markdown:\n%s\nwant:\n%s", got, want)
	}
}

func TestLaTeXAlignment(t *testing.T) {
	var b bytes.Buffer
	if err := Render(&b, alignTable(), FormatLaTeX); err != nil {
		t.Fatal(err)
	}
	// The fraction column is split at the slash (see latexCol), so it has no alignment letter.
	if !strings.Contains(b.String(), "\\begin{tabular}{lrlrr@{}l}\n") {
		t.Errorf("column spec missing:\n%s", b.String())
	}
	if strings.Contains(b.String(), `\caption`) {
		t.Errorf("a table without a title has no caption:\n%s", b.String())
	}
}

// TestWideCharacters: a CJK name is two columns wide per character, in both padded forms.
func TestWideCharacters(t *testing.T) {
	tab := &results.Table{Columns: []results.Column{{Key: "n", Header: "name", Kind: results.KindText}, {Key: "v", Header: "v", Kind: results.KindCount}}}
	tab.AddRow(results.Text("名前"), results.Count(1))
	tab.AddRow(results.Text("abcde"), results.Count(2))
	var b bytes.Buffer
	if err := Render(&b, tab, FormatMarkdown); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(b.String(), "\n")
	if lines[0] != "| name  |   v |" || lines[2] != "| 名前  |   1 |" || lines[3] != "| abcde |   2 |" {
		t.Errorf("markdown widths:\n%s", b.String())
	}
	b.Reset()
	if err := Render(&b, tab, FormatText); err != nil {
		t.Fatal(err)
	}
	lines = strings.Split(b.String(), "\n")
	if lines[3] != "│ 名前  │ 1 │" {
		t.Errorf("text widths:\n%s", b.String())
	}
}

// TestLaTeXRowStart: a first cell starting with "[" or "*" must not become the optional
// argument or star of the \\ (or \midrule) before it.
func TestLaTeXRowStart(t *testing.T) {
	tab := &results.Table{Columns: []results.Column{{Key: "a", Header: "[x]", Kind: results.KindText}, {Key: "b", Header: "b", Kind: results.KindText}}}
	tab.AddRow(results.Text("*star"), results.Text("[not first]"))
	var b bytes.Buffer
	if err := Render(&b, tab, FormatLaTeX); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"\\toprule\n{}[x] & b \\\\\n", "\\midrule\n{}*star & {}[not first] \\\\\n"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("missing %q in\n%s", want, b.String())
		}
	}
}
