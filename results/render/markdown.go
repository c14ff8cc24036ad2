package render

import (
	"io"
	"regexp"
	"strings"

	"github.com/olekukonko/tablewriter/pkg/twwidth"
	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/results"
)

// mdEscaper escapes what GitHub Markdown would otherwise read inside a table cell: the
// pipe, emphasis, code, strikethrough, inline links ("](" only, so "[95% CI]" stays
// readable), HTML and $ math.
var mdEscaper = strings.NewReplacer(
	`\`, `\\`, `|`, `\|`, `*`, `\*`, `_`, `\_`, "`", "\\`", `~`, `\~`,
	`](`, `\](`, `<`, `\<`, `>`, `\>`, `$`, `\$`,
)

// mdEntity is an entity or numeric character reference, which Markdown reads as the
// character it names ("&amp;" shows "&"): a name holding one would be shown altered.
var mdEntity = regexp.MustCompile(`&(#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});`)

// mdEscape escapes text for a Markdown table cell, caption or note: mdEscaper, and a
// backslash before each character reference so that it shows as written.
func mdEscape(s string) string {
	s = mdEscaper.Replace(s)
	if strings.IndexByte(s, '&') < 0 {
		return s
	}
	return mdEntity.ReplaceAllString(s, `\&$1;`)
}

// MarkdownInline writes a name or a sentence holding names (a path, a figure's note) into
// running Markdown, such as a report's index.md, as a table cell is written: on one line
// (a tab or line break shown as \t, \n) and escaped, so that it shows as written and
// cannot split a table. An underscore inside a word ("coverage_at") is left as it is:
// Markdown reads no emphasis there.
func MarkdownInline(s string) string {
	s = ingest.OneLine(s)
	var b strings.Builder
	start := 0
	for i := 1; i+1 < len(s); i++ {
		if s[i] == '_' && wordByte(s[i-1]) && wordByte(s[i+1]) {
			b.WriteString(mdEscape(s[start:i]) + "_")
			start = i + 1
		}
	}
	b.WriteString(mdEscape(s[start:]))
	return b.String()
}

func wordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

var mdFlavor = flavor{
	minus: "-", less: "<", empty: "—",
	text: mdEscape,
	bold: func(s string) string { return "**" + s + "**" },
}

// writeMarkdown writes a bold caption paragraph, the pipe table padded to aligned columns,
// and each note as a paragraph. GitHub tables have no row rules, so groups are not shown.
func writeMarkdown(w io.Writer, t *results.Table) error {
	t = t.Display() // the data-only columns are in CSV and JSON
	var b strings.Builder
	if c := caption(t); c != "" {
		b.WriteString("**" + mdEscape(c) + "**\n\n")
	}
	n := len(t.Columns)
	cells := make([][]string, 0, len(t.Rows)+1)
	head := make([]string, n)
	for j, c := range t.Columns {
		head[j] = mdFlavor.header(c)
	}
	cells = append(cells, head)
	for _, r := range t.Rows {
		row := make([]string, n)
		for j, c := range r.Cells {
			row[j] = mdFlavor.show(c, t.Columns[j])
		}
		cells = append(cells, row)
	}
	width := make([]int, n)
	for j := range width {
		width[j] = 3 // the shortest alignment marker, ":-:"
		for _, row := range cells {
			width[j] = max(width[j], displayWidth(row[j]))
		}
	}
	for i, row := range cells {
		writeMDRow(&b, row, width, t.Columns)
		if i == 0 {
			b.WriteByte('|')
			for j, c := range t.Columns {
				b.WriteByte(' ')
				b.WriteString(mdRule(c.Aligned(), width[j]))
				b.WriteString(" |")
			}
			b.WriteByte('\n')
		}
	}
	for _, note := range t.Notes {
		b.WriteString("\n" + mdEscape(ingest.OneLine(note)) + "\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func writeMDRow(b *strings.Builder, row []string, width []int, cols []results.Column) {
	b.WriteByte('|')
	for j, s := range row {
		b.WriteByte(' ')
		b.WriteString(pad(s, width[j], cols[j].Aligned()))
		b.WriteString(" |")
	}
	b.WriteByte('\n')
}

// mdRule is the alignment marker of a column, as wide as the column.
func mdRule(a results.Align, w int) string {
	switch a {
	case results.AlignRight:
		return strings.Repeat("-", w-1) + ":"
	case results.AlignCenter:
		return ":" + strings.Repeat("-", w-2) + ":"
	}
	return ":" + strings.Repeat("-", w-1)
}

// pad fills s with spaces to w display columns.
func pad(s string, w int, a results.Align) string {
	gap := w - displayWidth(s)
	if gap <= 0 {
		return s
	}
	switch a {
	case results.AlignRight:
		return strings.Repeat(" ", gap) + s
	case results.AlignCenter:
		return strings.Repeat(" ", gap/2) + s + strings.Repeat(" ", gap-gap/2)
	}
	return s + strings.Repeat(" ", gap)
}

// displayWidth measures s in terminal columns with East Asian ambiguous characters narrow,
// the same rule the text form uses, whatever the locale.
func displayWidth(s string) int {
	return twwidth.WidthWithOptions(s, twwidth.Options{})
}
