package render

import (
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/results"
)

// latexEscaper escapes LaTeX's special characters in one pass (so the braces it adds are
// not escaped again) and spells a few symbols that appear in statistics headers but are
// not in the default T1/UTF-8 setup (Greek letters, ±, ≤, √, the minus sign) in math mode,
// and breaks the ligatures that would print other characters than written ("--").
// Other non-ASCII letters (é, ü) pass through: LaTeX reads UTF-8 input by default since 2018.
var latexEscaper = strings.NewReplacer(latexEscapes...)

// latexEscapes are latexEscaper's pairs (old, new); latexSets reads the symbols from them.
var latexEscapes = []string{
	`\`, `\textbackslash{}`, `&`, `\&`, `%`, `\%`, `$`, `\$`, `#`, `\#`, `_`, `\_`,
	`{`, `\{`, `}`, `\}`, `~`, `\textasciitilde{}`, `^`, `\textasciicircum{}`,
	`<`, `\textless{}`, `>`, `\textgreater{}`, `|`, `\textbar{}`,
	// T1 fonts join these pairs into one character (an en dash, closing and low double
	// quotes) and set "`" as an opening quote: "{}" keeps each character as written, the
	// trailing one also from the next pair of a longer run ("---").
	"--", "-{}-{}", "''", "'{}'{}", ",,", ",{},{}", "`", `\textasciigrave{}`,
	"—", "---", "–", "--", "−", "$-$", "…", `\dots{}`,
	"±", `$\pm$`, "×", `$\times$`, "≤", `$\leq$`, "≥", `$\geq$`, "→", `$\rightarrow$`,
	"Δ", `$\Delta$`, "δ", `$\delta$`, "α", `$\alpha$`, "β", `$\beta$`, "κ", `$\kappa$`,
	"μ", `$\mu$`, "ρ", `$\rho$`, "σ", `$\sigma$`, "τ", `$\tau$`, "χ", `$\chi$`, "√", `$\surd$`,
}

// latexNumber escapes the pieces of a formatted number: the minus and less-than signs in
// math (as in the paper), the em dash of a missing value as "---".
var latexNumber = strings.NewReplacer("−", "$-$", "<", "$<$", "—", "---")

// rawFlavor formats cells as plain text; the LaTeX form measures the pieces before it
// escapes them.
var rawFlavor = flavor{minus: "−", less: "<", empty: "—", text: func(s string) string { return s }}

var latexAlign = [...]byte{results.AlignLeft: 'l', results.AlignRight: 'r', results.AlignCenter: 'c'}

// writeLaTeX writes one table: a float (table or table*) holding a booktabs tabular, or a
// longtable when it is too long for one page. Caption from Title, label "tab:"+ID, a
// \midrule between row groups, the notes left-aligned in small type under the table.
func writeLaTeX(w io.Writer, t *results.Table, o LaTeXOptions) error {
	t = t.Display() // the data-only columns are in CSV and JSON
	p := planLaTeX(t, o)
	var b strings.Builder
	if p.env == "longtable" {
		p.writeLongtable(&b, t)
	} else {
		p.writeFloat(&b, t)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// writeFloat writes a table or table* float.
func (p *latexPlan) writeFloat(b *strings.Builder, t *results.Table) {
	p.writePreamble(b, t)
	place := "tbp"
	if p.env == "table*" {
		place = "tp" // table* floats go to the top of a page or a float page
	}
	b.WriteString("\\begin{" + p.env + "}[" + place + "]\n\\centering\n")
	if p.fit == "" {
		writeCaption(b, t)
	} else {
		// The caption is the macro's last argument: it turns with the table when the table
		// has to be set sideways.
		b.WriteString("\\sabenchfitcap{" + p.fit + "}{%\n")
	}
	b.WriteString("\\begin{tabular}{" + p.spec() + "}\n\\toprule\n")
	p.writeHeader(b)
	b.WriteString("\\midrule\n")
	p.writeRows(b, t)
	b.WriteString("\\bottomrule\n\\end{tabular}")
	if p.fit != "" {
		b.WriteString("}{%\n")
		for _, n := range t.Notes {
			b.WriteString(latexEscaper.Replace(ingest.OneLine(n)) + "\\par\n")
		}
		b.WriteString("}{%\n")
		writeCaption(b, t)
		b.WriteString("}\n")
	} else {
		b.WriteString("\n")
		writeNotes(b, t, "\\par\\smallskip\n")
	}
	b.WriteString("\\end{" + p.env + "}\n")
}

// writeLongtable writes a longtable, which breaks across pages and repeats its header.
// It is not a float and cannot be boxed, so its type size is chosen here.
func (p *latexPlan) writeLongtable(b *strings.Builder, t *results.Table) {
	p.writePreamble(b, t)
	if p.landscape {
		b.WriteString("\\begin{landscape}\n")
	}
	b.WriteString("\\begingroup\n")
	// The type size in points, not relative to the document's (\\scriptsize is 8 pt in an
	// 11 pt document): a longtable cannot be measured by TeX, so it is set at the size its
	// width was computed for.
	b.WriteString(p.size.abs + "\n")
	if p.size.tsep != typeSizes[0].tsep {
		b.WriteString("\\setlength{\\tabcolsep}{" + trimFloat(p.size.tsep) + "pt}\n")
	}
	b.WriteString("\\begin{longtable}{" + p.spec() + "}\n")
	hasCaption := t.Title != ""
	if hasCaption || t.ID != "" {
		writeCaption(b, t)
		b.WriteString("\\\\\n")
	}
	b.WriteString("\\toprule\n")
	p.writeHeader(b)
	b.WriteString("\\midrule\n\\endfirsthead\n")
	if hasCaption {
		b.WriteString("\\multicolumn{" + strconv.Itoa(p.subColumns()) + "}{@{}l}{\\tablename~\\thetable{} (continued)} \\\\\n")
	}
	b.WriteString("\\toprule\n")
	p.writeHeader(b)
	b.WriteString("\\midrule\n\\endhead\n\\bottomrule\n\\endfoot\n")
	p.writeRows(b, t)
	b.WriteString("\\end{longtable}\n")
	writeNotes(b, t, "")
	b.WriteString("\\endgroup\n")
	if p.landscape {
		b.WriteString("\\end{landscape}\n")
	}
}

// writePreamble writes a comment naming the packages the table needs and, when the table
// is fitted, the fitting macro (\providecommand: several pasted tables define it once).
func (p *latexPlan) writePreamble(b *strings.Builder, t *results.Table) {
	pkgs := "booktabs"
	if p.fit != "" || p.rotated() {
		pkgs += ",graphicx"
	}
	if p.env == "longtable" {
		pkgs += ",longtable"
	}
	if p.landscape {
		pkgs += ",lscape"
	}
	b.WriteString("% " + latexComment(t.ID) + ": \\usepackage{" + pkgs + "}")
	if p.env == "longtable" {
		b.WriteString("; a longtable (longer than a page) needs one-column pages (\\onecolumn)")
	}
	b.WriteString("\n")
	if p.fit != "" {
		b.WriteString(latexFitMacro)
	}
}

// latexFitMacro sets a tabular (#2) in the largest of normal, \small and \footnotesize
// type that fits the width #1, else in \footnotesize scaled down to fit but never below
// 7/8 (7 pt type in a 10 pt document). The notes (#3) go under it, left-aligned, as wide
// as the table (at least half the line); the caption and label (#4) above it. A table
// still too wide (a one-column page of nine intervals) is turned 90° with its caption and
// notes, as a sideways table as wide as the page is high (less room for the caption), so
// that the caption reads the same way as the table; a table wider than the page is high
// (a long name) is scaled down to that height, since turned its width is its height on
// the page, which it ran past (LaTeX's "Float too large for page"). When turned it is
// still too wide (a tall table on a narrow page), the upright or the turned form,
// whichever needs less, is scaled down to the width: smaller type, never a box past the
// margin. The caption is typeset once, in the form used (it steps the table counter), so
// the forms are measured without it, leaving the turned one three lines for it; a turned
// form whose caption is shorter is narrower than measured, and is set as it is rather
// than scaled up to the width (which made it taller than the page). An upright table taller
// than the page less three lines for its caption (16 configurations of the domains table
// in a two-column 11 pt article, set across the page in its body size) is scaled down to
// that height, as the turned one is to its width.
const latexFitMacro = `\providecommand{\sabenchfitcap}[4]{\sbox0{#2}%
\ifdim\wd0>#1\relax\sbox0{\small\setlength{\tabcolsep}{4pt}#2}\fi
\ifdim\wd0>#1\relax\sbox0{\footnotesize\setlength{\tabcolsep}{3pt}#2}\fi
\ifdim\wd0>#1\relax\ifdim0.875\wd0>#1\relax\sbox0{\scalebox{0.875}{\usebox0}}%
\else\sbox0{\resizebox{#1}{!}{\usebox0}}\fi\fi
\dimen0=\wd0 \ifdim\dimen0<0.5\linewidth\dimen0=0.5\linewidth\fi
\def\sabenchnotes{\if\relax\detokenize{#3}\relax\else\smallskip{\footnotesize\raggedright#3\par}\fi}%
\def\sabenchupright{\dimen0=\dimexpr\textheight-3\baselineskip\relax
\ifdim\dimexpr\ht2+\dp2\relax>\dimen0 \sbox2{\resizebox*{!}{\dimen0}{\usebox2}}\fi#4\usebox2}%
\sbox1{\parbox{\dimen0}{\centering\usebox0\par\sabenchnotes}}%
\ifdim\wd1>#1\relax
\sbox2{\usebox1}\dimen0=\dimexpr\textheight-6\baselineskip\relax\ifdim\dimen0<\wd0 \dimen0=\wd0 \fi\ifdim\dimen0>\textheight\dimen0=\textheight\sbox0{\resizebox{\dimen0}{!}{\usebox0}}\fi
\sbox1{\rotatebox{90}{\parbox{\dimen0}{\rule{0pt}{3\baselineskip}\par\centering\usebox0\par\sabenchnotes}}}%
\ifdim\wd1>#1\relax\ifdim\wd2<\wd1 \sbox2{\resizebox{#1}{!}{\usebox2}}\sabenchupright\else
\sbox3{\rotatebox{90}{\parbox{\dimen0}{#4\par\centering\usebox0\par\sabenchnotes}}}\ifdim\wd3>#1\relax\resizebox{#1}{!}{\usebox3}\else\usebox3\fi\fi
\else\rotatebox{90}{\parbox{\dimen0}{#4\par\centering\usebox0\par\sabenchnotes}}\fi
\else\sbox2{\usebox1}\sabenchupright\fi\par}
`

func writeCaption(b *strings.Builder, t *results.Table) {
	if t.Title != "" {
		b.WriteString("\\caption{" + latexEscaper.Replace(ingest.OneLine(t.Title)) + "}\n")
	}
	if t.ID != "" {
		b.WriteString("\\label{tab:" + latexLabel(t.ID) + "}")
		if t.Title == "" {
			b.WriteString("%")
		}
		b.WriteString("\n")
	}
}

// writeNotes writes the notes as a left-aligned paragraph in \footnotesize.
func writeNotes(b *strings.Builder, t *results.Table, before string) {
	if len(t.Notes) == 0 {
		return
	}
	b.WriteString(before + "{\\footnotesize\\raggedright\n")
	for _, n := range t.Notes {
		b.WriteString(latexEscaper.Replace(ingest.OneLine(n)) + "\\par\n")
	}
	b.WriteString("}\n")
}

func (p *latexPlan) writeHeader(b *strings.Builder) {
	for j, c := range p.cols {
		if j > 0 {
			b.WriteString(" & ")
		}
		b.WriteString(latexCell(c.headerTeX()))
	}
	b.WriteString(" \\\\\n")
}

func (p *latexPlan) writeRows(b *strings.Builder, t *results.Table) {
	// Beside a name wrapped on several lines, a stacked estimate holds its bounds under it
	// in its own cell: on a row of their own they came after the name's last line, beside
	// the next configuration's name (the variance table of 16 configurations).
	inCell := p.stacked && slices.ContainsFunc(p.cols, func(c latexCol) bool { return c.wrap > 0 })
	for i, r := range t.Rows {
		if i > 0 && r.Group != t.Rows[i-1].Group {
			b.WriteString("\\midrule\n")
		}
		for j, c := range r.Cells {
			if j > 0 {
				b.WriteString(" & ")
			}
			col := &p.cols[j]
			if bounds := col.boundsTeX(c, typeSizes[len(typeSizes)-1].abs); inCell && bounds != "" {
				b.WriteString(`\begin{tabular}[t]{@{}r@{}}` + col.cellTeX(c) + `\\` + bounds + `\end{tabular}`)
				continue
			}
			b.WriteString(col.cellTeX(c))
		}
		b.WriteString(" \\\\\n")
		if p.stacked && !inCell {
			p.writeBoundsRow(b, r)
		}
	}
}

// latexComment makes an id safe in a % comment line.
func latexComment(id string) string {
	if id == "" {
		return "table"
	}
	return "table " + ingest.OneLine(id)
}

// latexCell guards a cell that starts with "[" or "*": after the previous row's \\ (or
// \midrule) LaTeX would read it as that command's optional argument or star form.
func latexCell(s string) string {
	if strings.HasPrefix(s, "[") || strings.HasPrefix(s, "*") {
		return "{}" + s
	}
	return s
}

// latexLabel keeps the characters that are safe in a \label and \ref (letters, digits,
// ':', '.', '-', '_') and replaces the rest with '-'.
func latexLabel(id string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9',
			r == ':', r == '.', r == '-', r == '_':
			return r
		}
		return '-'
	}, id)
}
