package results

import (
	"io"
	"strings"
)

// latexEscaper escapes LaTeX's special characters in one pass (so the braces it adds are
// not escaped again) and spells a few symbols that appear in statistics headers but are
// not in the default T1/UTF-8 setup (Greek letters, ±, ≤, the minus sign) in math mode.
// Other non-ASCII letters (é, ü) pass through: LaTeX reads UTF-8 input by default since 2018.
var latexEscaper = strings.NewReplacer(
	`\`, `\textbackslash{}`, `&`, `\&`, `%`, `\%`, `$`, `\$`, `#`, `\#`, `_`, `\_`,
	`{`, `\{`, `}`, `\}`, `~`, `\textasciitilde{}`, `^`, `\textasciicircum{}`,
	`<`, `\textless{}`, `>`, `\textgreater{}`, `|`, `\textbar{}`,
	"—", "---", "–", "--", "−", "$-$", "…", `\dots{}`,
	"±", `$\pm$`, "×", `$\times$`, "≤", `$\leq$`, "≥", `$\geq$`, "→", `$\rightarrow$`,
	"Δ", `$\Delta$`, "δ", `$\delta$`, "α", `$\alpha$`, "β", `$\beta$`, "κ", `$\kappa$`,
	"μ", `$\mu$`, "ρ", `$\rho$`, "σ", `$\sigma$`, "τ", `$\tau$`, "χ", `$\chi$`,
)

// latexEscape escapes s for LaTeX text mode (the rules the LaTeX form applies to every
// text cell, header, title and note).
func latexEscape(s string) string { return latexEscaper.Replace(s) }

var latexFlavor = flavor{
	minus: "$-$", less: "$<$", empty: "---",
	text: latexEscaper.Replace,
	bold: func(s string) string { return `\textbf{` + s + `}` },
}

var latexAlign = [...]byte{AlignLeft: 'l', AlignRight: 'r', AlignCenter: 'c'}

// writeLaTeX writes a booktabs table float: caption from Title, label "tab:"+ID, a
// \midrule between row groups and the notes in small type under the tabular.
func writeLaTeX(w io.Writer, t *Table) error {
	var b strings.Builder
	b.WriteString("\\begin{table}[t]\n\\centering\n")
	if t.Title != "" {
		b.WriteString("\\caption{" + latexEscaper.Replace(oneLine(t.Title)) + "}\n")
	}
	if t.ID != "" {
		b.WriteString("\\label{tab:" + latexLabel(t.ID) + "}\n")
	}
	b.WriteString("\\begin{tabular}{")
	for _, c := range t.Columns {
		b.WriteByte(latexAlign[c.align()])
	}
	b.WriteString("}\n\\toprule\n")
	for j, c := range t.Columns {
		if j > 0 {
			b.WriteString(" & ")
		}
		b.WriteString(latexCell(latexFlavor.header(c)))
	}
	b.WriteString(" \\\\\n\\midrule\n")
	for i, r := range t.Rows {
		if i > 0 && r.Group != t.Rows[i-1].Group {
			b.WriteString("\\midrule\n")
		}
		for j, c := range r.Cells {
			if j > 0 {
				b.WriteString(" & ")
			}
			b.WriteString(latexCell(latexFlavor.show(c, t.Columns[j])))
		}
		b.WriteString(" \\\\\n")
	}
	b.WriteString("\\bottomrule\n\\end{tabular}\n")
	if len(t.Notes) > 0 {
		b.WriteString("\\par\\smallskip\\footnotesize\n")
		for _, n := range t.Notes {
			b.WriteString(latexEscaper.Replace(oneLine(n)) + "\\par\n")
		}
	}
	b.WriteString("\\end{table}\n")
	_, err := io.WriteString(w, b.String())
	return err
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
