package render

import (
	"bytes"
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/results"
)

// TestLaTeXCells: numbers split at the point only where alignment needs it (a bold cell,
// intervals), fractions at the slash; empty values span their sub-columns.
func TestLaTeXCells(t *testing.T) {
	pct := results.Column{Key: "p", Kind: results.KindPercent, Decimals: 1}
	sint := results.Column{Key: "d", Kind: results.KindPercentInterval, Decimals: 1, Signed: true}
	num := results.Column{Key: "n", Kind: results.KindInterval, Decimals: 2}
	tests := []struct {
		col   results.Column
		cells []results.Cell // the column; the first cell is checked
		want  string
	}{
		{pct, []results.Cell{results.Number(0.634)}, "63.4"},
		{pct, []results.Cell{results.Number(0.634).Bold(), results.Number(0.5)}, `\textbf{63} & \textbf{.4}`},
		{pct, []results.Cell{results.Number(0.5), results.Number(0.634).Bold()}, `50 & .0`},
		{pct, []results.Cell{results.Empty(), results.Number(0.634).Bold()}, `\multicolumn{2}{c}{---}`},
		{sint, []results.Cell{results.Interval(-0.068, -0.112, -0.025)}, `$-$6 & .8 & {}[$-$11 & .2, & $-$2 & .5]`},
		{sint, []results.Cell{results.Interval(0.047, 0, 0.095)}, `+4 & .7 & {}[0 & .0, & +9 & .5]`},
		{num, []results.Cell{results.Interval(0.87, math.NaN(), 0.9)}, `0 & .87 & {}[--- & , & 0 & .90]`},
		{num, []results.Cell{results.Interval(math.NaN(), 0, 1)}, `\multicolumn{6}{c}{---}`},
		{results.Column{Key: "i", Kind: results.KindInterval}, []results.Cell{results.Interval(3, 1, 5)}, `3 & {}[1, & 5]`},
		{results.Column{Key: "p", Kind: results.KindPValue, Decimals: 4}, []results.Cell{results.PValue(1e-12)}, `$<$0.001`},
		{results.Column{Key: "p", Kind: results.KindPValue}, []results.Cell{results.PValue(0.046).Bold()}, `\textbf{0} & \textbf{.046}`},
		{results.Column{Key: "f", Kind: results.KindFraction}, []results.Cell{results.Fraction(23, 43)}, `23 & /43`},
		{results.Column{Key: "c", Kind: results.KindCount, Signed: true}, []results.Cell{results.Count(-3)}, `$-$3`},
		{results.Column{Key: "t", Kind: results.KindText}, []results.Cell{results.Empty()}, `---`},
		{results.Column{Key: "t", Kind: results.KindText}, []results.Cell{results.Text("[a]_b")}, `{}[a]\_b`},
	}
	for i, tc := range tests {
		var rows []results.Row
		for _, c := range tc.cells {
			rows = append(rows, results.Row{Cells: []results.Cell{c}})
		}
		c := newLatexCol(tc.col, 0, rows)
		if got := c.cellTeX(tc.cells[0]); got != tc.want {
			t.Errorf("%d: %q, want %q", i, got, tc.want)
		}
	}
}

func TestTeXWidth(t *testing.T) {
	// cmr10: digits are half an em, "M" 9.17 pt, a space 3.33 pt; cmbx10 digits 5.75 pt.
	for _, tc := range []struct {
		s    string
		bold bool
		want float64
	}{{"0123456789", false, 50}, {"M M", false, 9.17*2 + 3.33}, {"00", true, 11.5}, {"—", false, 10}} {
		if got := texWidth(tc.s, tc.bold); math.Abs(got-tc.want) > 1e-9 {
			t.Errorf("texWidth(%q) = %v, want %v", tc.s, got, tc.want)
		}
	}
}

func TestWrapHeader(t *testing.T) {
	for _, tc := range []struct {
		h     string
		width float64
		want  string
	}{
		{"Acted after calling the affected tool", texWidth("affected tool", false), "Acted after|calling the|affected tool"},
		{"healthcare_operations_agent", 0, "healthcare_|operations_|agent"},
		{"ECS", 0, "ECS"},
		{"Kendall τ-b [95% CI]", 1000, "Kendall τ-b [95% CI]"},
		{"Δ vs safeact [95% CI]", 0, "Δ|vs|safeact|[95% CI]"},
		{"Rank (safe act)", 0, "Rank|(safe act)"},
		{"GPT-5.6/Codex main", texWidth("GPT-5.6/", false), "GPT-5.6/|Codex|main"},
		// A space beside a slash is the header's: kept on the line (it read "$ /main").
		{"$ / main ECS success", texWidth("$ / main", false), "$ / main|ECS|success"},
		{"a / b", 1000, "a / b"},
	} {
		if got := strings.Join(wrapHeader(tc.h, tc.width), "|"); got != tc.want {
			t.Errorf("wrapHeader(%q, %.1f) = %q, want %q", tc.h, tc.width, got, tc.want)
		}
	}
	// At most three lines, however narrow the values.
	if got := wrapHeaderLines("Acted after calling the affected tool", 0); len(got) > maxHeaderLines {
		t.Errorf("wrapHeaderLines: %d lines %q", len(got), got)
	}
}

// layoutTable has cols value columns under headers of the given text and n rows.
func layoutTable(cols, n int, header string) *results.Table {
	tab := &results.Table{ID: "x", Title: "Layout", Notes: []string{"A note."}}
	tab.Columns = append(tab.Columns, results.Column{Key: "config", Header: "Config", Kind: results.KindText})
	for j := range cols {
		tab.Columns = append(tab.Columns, results.Column{Key: fmt.Sprint("v", j), Header: header, Kind: results.KindPercent, Decimals: 1})
	}
	for i := range n {
		cells := []results.Cell{results.Text(fmt.Sprintf("Model-%d/Harness", i))}
		for j := range cols {
			cells = append(cells, results.Number(float64(i*cols+j)/float64(n*cols)))
		}
		tab.AddRow(cells...)
	}
	return tab
}

func renderLaTeX(t *testing.T, tab *results.Table, o LaTeXOptions) string {
	t.Helper()
	var b bytes.Buffer
	if err := RenderWith(&b, tab, FormatLaTeX, RenderOptions{LaTeX: o}); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// TestLaTeXLayout: the environment, the fitted width and header wrapping follow the
// options and the table's estimated size.
func TestLaTeXLayout(t *testing.T) {
	narrow, wide := layoutTable(2, 5, "ECS"), layoutTable(12, 5, "premature action")
	tests := []struct {
		name string
		tab  *results.Table
		o    LaTeXOptions
		want []string
		not  []string
	}{
		{"narrow default", narrow, LaTeXOptions{}, []string{"\\begin{table}[tbp]\n", `\sabenchfitcap{\columnwidth}{%`, "% table x: \\usepackage{booktabs,graphicx}\n"}, []string{"table*", `\begin{tabular}[b]`}},
		{"narrow table*", narrow, LaTeXOptions{Env: LaTeXEnvTableStar}, []string{"\\begin{table*}[tp]\n", `\sabenchfitcap{\textwidth}`}, nil},
		{"narrow page", narrow, LaTeXOptions{Width: LaTeXPage}, []string{"\\begin{table*}[tp]\n", `\sabenchfitcap{\textwidth}`}, nil},
		{"narrow page in table", narrow, LaTeXOptions{Width: LaTeXPage, Env: LaTeXEnvTable}, []string{"\\begin{table}[tbp]\n", `\sabenchfitcap{\textwidth}`}, nil},
		{"wide default", wide, LaTeXOptions{}, []string{"\\begin{table*}[tp]\n", `\sabenchfitcap{\textwidth}`, `\begin{tabular}[b]{@{}r@{}}premature\\action\end{tabular}`}, nil},
		{"wide in a column", wide, LaTeXOptions{Env: LaTeXEnvTable}, []string{"\\begin{table}[tbp]\n", `\sabenchfitcap{\columnwidth}`, `\rotatebox{90}{premature action}`}, nil},
		{"wide natural", wide, LaTeXOptions{Width: LaTeXNatural}, []string{"\\begin{table}[tbp]\n", "\\par\\smallskip\n{\\footnotesize\\raggedright\nA note.\\par\n}\n", "% table x: \\usepackage{booktabs}\n"},
			[]string{`\sabenchfit`, `\begin{tabular}[b]`, `\rotatebox`}},
	}
	for _, tc := range tests {
		got := renderLaTeX(t, tc.tab, tc.o)
		for _, w := range tc.want {
			if !strings.Contains(got, w) {
				t.Errorf("%s: missing %q in\n%s", tc.name, w, got)
			}
		}
		for _, n := range tc.not {
			if strings.Contains(got, n) {
				t.Errorf("%s: unexpected %q in\n%s", tc.name, n, got)
			}
		}
	}
}

// TestLaTeXLongtable: a table longer than a page is a longtable that repeats its header;
// one too wide for the page in normal type turns its headers, and one too wide even so
// in \scriptsize is set on landscape pages.
func TestLaTeXLongtable(t *testing.T) {
	got := renderLaTeX(t, layoutTable(3, 80, "ECS"), LaTeXOptions{})
	for _, w := range []string{
		"% table x: \\usepackage{booktabs,longtable}; a longtable (longer than a page) needs one-column pages (\\onecolumn)\n",
		"\\begingroup\n\\fontsize{10}{12}\\selectfont\n\\begin{longtable}{lrrr}\n\\caption{Layout}\n\\label{tab:x}\n\\\\\n\\toprule\n",
		"\\endfirsthead\n\\multicolumn{4}{@{}l}{\\tablename~\\thetable{} (continued)} \\\\\n\\toprule\n",
		"\\endhead\n\\bottomrule\n\\endfoot\n",
		"\\end{longtable}\n{\\footnotesize\\raggedright\nA note.\\par\n}\n\\endgroup\n",
	} {
		if !strings.Contains(got, w) {
			t.Errorf("missing %q in\n%s", w, got)
		}
	}
	if strings.Contains(got, `\sabenchfit`) || strings.Contains(got, `\begin{table}`) {
		t.Errorf("a longtable is neither fitted nor a float:\n%s", got)
	}
	got = renderLaTeX(t, layoutTable(14, 80, "premature action"), LaTeXOptions{})
	for _, w := range []string{"\\usepackage{booktabs,graphicx,longtable}", "\\fontsize{7}{8}\\selectfont\n\\setlength{\\tabcolsep}{2pt}\n", `\rotatebox{90}{premature action}`} {
		if !strings.Contains(got, w) {
			t.Errorf("missing %q in\n%s", w, got[:min(len(got), 2000)])
		}
	}
	if strings.Contains(got, "landscape") {
		t.Errorf("14 columns with turned headers fit a portrait page:\n%s", got[:min(len(got), 2000)])
	}
	// Too wide for a portrait page even in \scriptsize with turned headers: landscape
	// pages, where \footnotesize fits with the headers upright. Longtables are set in
	// points (\fontsize), not in sizes relative to the document's.
	got = renderLaTeX(t, layoutTable(20, 80, "ECS"), LaTeXOptions{})
	for _, w := range []string{"\\usepackage{booktabs,longtable,lscape}", "\\begin{landscape}\n\\begingroup\n\\fontsize{8}{9.5}\\selectfont\n", "\\endgroup\n\\end{landscape}\n"} {
		if !strings.Contains(got, w) {
			t.Errorf("missing %q in\n%s", w, got[:min(len(got), 2000)])
		}
	}
}

func TestLaTeXOptions(t *testing.T) {
	if w, err := ParseLaTeXWidth(" PAGE "); err != nil || w != LaTeXPage {
		t.Errorf("ParseLaTeXWidth: %v %v", w, err)
	}
	if e, err := ParseLaTeXEnv("table*"); err != nil || e != LaTeXEnvTableStar {
		t.Errorf("ParseLaTeXEnv: %v %v", e, err)
	}
	if _, err := ParseLaTeXWidth("wide"); err == nil {
		t.Error("ParseLaTeXWidth accepted wide")
	}
	if _, err := ParseLaTeXEnv("figure"); err == nil {
		t.Error("ParseLaTeXEnv accepted figure")
	}
	var b bytes.Buffer
	if err := RenderWith(&b, table2(), FormatCSV, RenderOptions{LaTeX: LaTeXOptions{Width: 7}}); err == nil || b.Len() > 0 {
		t.Errorf("an unknown width must be refused before anything is written: %v, %q", err, b.String())
	}
}

// FuzzLaTeX: in every layout, each data row of the tabular has as many cells as its
// preamble has columns (\multicolumn{n} counting n).
func FuzzLaTeX(f *testing.F) {
	f.Add("T2", "Δ ECS [95% CI]", "Claude-5 / Claude Code", "Claude-5", 0.634, 0.598, 0.669, int64(23), int64(43), uint8(1))
	f.Add(`T_#1 & {x}`, `a|b*c* & d`, "[x] & *y* \\\\", "", -0.068, math.NaN(), -0.025, int64(-3), int64(0), uint8(0))
	f.Fuzz(func(t *testing.T, title, header, text, group string, x, lo, hi float64, n, total int64, dec uint8) {
		tab := fuzzTable(title, header, text, group, x, lo, hi, n, total, dec)
		for w := range LaTeXWidth(len(latexWidthNames)) {
			for e := range LaTeXEnv(len(latexEnvNames)) {
				var b bytes.Buffer
				if err := RenderWith(&b, tab, FormatLaTeX, RenderOptions{LaTeX: LaTeXOptions{Width: w, Env: e}}); err != nil {
					t.Fatal(err)
				}
				checkCellCounts(t, b.String())
			}
		}
	})
}

var multicolumn = regexp.MustCompile(`^\\multicolumn\{(\d+)\}`)

func checkCellCounts(t *testing.T, tex string) {
	t.Helper()
	_, rest, ok := strings.Cut(tex, "tabular}{")
	if !ok {
		_, rest, ok = strings.Cut(tex, "longtable}{")
	}
	if !ok {
		t.Fatalf("no tabular:\n%s", tex)
	}
	cols, depth := 0, 0
	spec := rest[:strings.Index(rest, "}\n")+1]
	for i := 0; i < len(spec); i++ {
		switch c := spec[i]; {
		case c == '{':
			depth++
		case c == '}':
			depth--
		case depth == 0 && (c == 'l' || c == 'r' || c == 'c'):
			cols++
		}
	}
	body := tex[strings.Index(tex, "\\midrule\n"):strings.Index(tex, "\\bottomrule\n\\end")]
	for _, line := range strings.Split(body, "\n") {
		if !strings.HasSuffix(line, ` \\`) {
			continue
		}
		cells := 0
		for _, c := range strings.Split(strings.TrimSuffix(line, ` \\`), " & ") {
			if m := multicolumn.FindStringSubmatch(c); m != nil {
				k, _ := strconv.Atoi(m[1])
				cells += k
			} else {
				cells++
			}
		}
		if cells != cols {
			t.Fatalf("row %q has %d cells for %d columns (%s)", line, cells, cols, spec)
		}
	}
}

// TestLaTeXHeaderLineBracket: a wrapped header line starting with "[" must not become the
// optional argument of the \\ before it.
// TestLaTeXTurnedHeaderAsWritten: a turned header is the header as written, not its
// wrapped lines joined by spaces: "scgr_eg" was set as "scgr\_ eg", "customer_policy_qa"
// as "customer\_ policy\_qa".
func TestLaTeXTurnedHeaderAsWritten(t *testing.T) {
	for _, h := range []string{"scgr_eg", "customer_policy_qa", "$ / main ECS success"} {
		c := latexCol{col: results.Column{Kind: results.KindNumber, Header: h}, n: 1, rotate: true, header: wrapHeader(h, 0)}
		if got, want := c.headerTeX(), `\rotatebox{90}{`+latexEscaper.Replace(h)+`}`; got != want {
			t.Errorf("%s, want %s", got, want)
		}
	}
}

func TestLaTeXHeaderLineBracket(t *testing.T) {
	c := latexCol{col: results.Column{Kind: results.KindNumber}, n: 1, header: []string{"Δ", "[95% CI]"}}
	if got, want := c.headerTeX(), `\begin{tabular}[b]{@{}r@{}}$\Delta$\\{}[95\% CI]\end{tabular}`; got != want {
		t.Errorf("%s, want %s", got, want)
	}
}
