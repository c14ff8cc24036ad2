package render

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"math"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/results"
)

// fuzzTable builds a table with one column of every kind from fuzzed values.
func fuzzTable(title, header, text, group string, x, lo, hi float64, n, total int64, dec uint8) *results.Table {
	d := int(dec) % (results.MaxDecimals + 1)
	t := &results.Table{
		ID:    title,
		Title: title,
		Columns: []results.Column{
			{Key: "text", Header: header, Kind: results.KindText},
			{Key: "count", Header: header, Kind: results.KindCount, Signed: dec&16 != 0},
			{Key: "num", Header: "num", Kind: results.KindNumber, Decimals: d, Align: results.AlignCenter},
			{Key: "pct", Header: "pct", Kind: results.KindPercent, Decimals: d},
			{Key: "ci", Header: "ci", Kind: results.KindInterval, Decimals: d, Signed: true},
			{Key: "pci", Header: "pci", Kind: results.KindPercentInterval, Decimals: d},
			{Key: "frac", Header: "frac", Kind: results.KindFraction},
		},
		Notes: []string{text, header},
	}
	t.AddGroupRow(group, results.Text(text), results.Count(n), results.Number(x), results.Number(lo), results.Interval(x, lo, hi), results.Interval(hi, x, lo), results.Fraction(n, total))
	t.AddGroupRow("", results.Text(header), results.Empty(), results.Empty().Bold(), results.Number(hi).Bold(), results.Empty(), results.Interval(lo, lo, lo), results.Empty())
	return t
}

// latexLeftover removes every sequence the LaTeX escaper produces; what remains must hold
// no special character, or some input character went through unescaped.
var latexLeftover = strings.NewReplacer(
	`\textbackslash{}`, "", `\textasciitilde{}`, "", `\textasciicircum{}`, "", `\textless{}`, "",
	`\textgreater{}`, "", `\textbar{}`, "", `\dots{}`, "", `\&`, "", `\%`, "", `\$`, "", `\#`, "",
	`\_`, "", `\{`, "", `\}`, "", `$-$`, "", `$\pm$`, "", `$\times$`, "", `$\leq$`, "", `$\geq$`, "",
	`$\rightarrow$`, "", `$\Delta$`, "", `$\delta$`, "", `$\alpha$`, "", `$\beta$`, "", `$\kappa$`, "",
	`$\mu$`, "", `$\rho$`, "", `$\sigma$`, "", `$\tau$`, "", `$\chi$`, "",
	`\textasciigrave{}`, "", "-{}", "", "'{}", "", ",{}", "",
)

// unescapedPipes counts the "|" of a Markdown line not preceded by an odd number of
// backslashes: the cell borders.
func unescapedPipes(line string) int {
	n, bs := 0, 0
	for i := 0; i < len(line); i++ {
		switch line[i] {
		case '\\':
			bs++
			continue
		case '|':
			if bs%2 == 0 {
				n++
			}
		}
		bs = 0
	}
	return n
}

func FuzzRender(f *testing.F) {
	f.Add("T2", "Δ ECS [95% CI]", "Claude-5 / Claude Code", "Claude-5", 0.634, 0.598, 0.669, int64(23), int64(43), uint8(1))
	f.Add(`T_#1 & {x}`, `a|b*c*`, "two\nlines\r\n\ttab", "", -0.068, -0.112, -0.025, int64(-3), int64(0), uint8(17))
	f.Add("", "", "", "g", 0.0, math.Copysign(0, -1), 1e308, int64(-9223372036854775808), int64(9223372036854775807), uint8(15))
	f.Add("名前", "Zoë", "\xff\xfe invalid \x1b[31m red \u2028", "\x00", 1e-300, 5e-324, -1e300, int64(0), int64(0), uint8(255))
	f.Add("x", "=SUM(1+1)/h", "-7.6", "+g", -7.6, -0.5, -1e-9, int64(-1), int64(-2), uint8(2))
	f.Add("x", `\\|`, `[a](b) <c> $d$ ~e~ `+"`f`", "\u200d\u0301", 123456789.123456789, 0.5, 0.125, int64(1), int64(2), uint8(3))
	f.Fuzz(func(t *testing.T, title, header, text, group string, x, lo, hi float64, n, total int64, dec uint8) {
		tab := fuzzTable(title, header, text, group, x, lo, hi, n, total, dec)
		out := map[Format][]byte{}
		for _, fm := range Formats() {
			var b bytes.Buffer
			if err := Render(&b, tab, fm); err != nil {
				t.Fatalf("%s: %v", fm, err)
			}
			out[fm] = b.Bytes()
		}

		// JSON is valid and keeps the text cell (invalid UTF-8 bytes become U+FFFD each).
		var doc struct {
			Rows []map[string]any
		}
		if err := json.Unmarshal(out[FormatJSON], &doc); err != nil {
			t.Fatalf("json: %v\n%s", err, out[FormatJSON])
		}
		if got, want := doc.Rows[0]["text"], string([]rune(text)); got != want {
			t.Fatalf("json text %q, want %q", got, want)
		}

		// CSV parses back to the same fields (the reader folds \r\n to \n in quoted fields).
		recs, err := csv.NewReader(bytes.NewReader(out[FormatCSV])).ReadAll()
		if err != nil {
			t.Fatalf("csv: %v\n%q", err, out[FormatCSV])
		}
		fields := 12
		if group != "" {
			fields++ // the "group" field
		}
		if len(recs) != 3 || len(recs[0]) != fields {
			t.Fatalf("csv shape %d records %d fields", len(recs), len(recs[0]))
		}
		// A text field is the text, with one leading apostrophe when it could run as a
		// formula or begins with one: dropping it gives the text back. A number is never
		// escaped, "-7.6" included.
		got := recs[1][fields-12]
		if strings.ContainsAny(text[:min(len(text), 1)], "=+-@\t\r'") != strings.HasPrefix(got, "'") {
			t.Fatalf("csv text %q written %q", text, got)
		}
		if got, want := strings.TrimPrefix(got, "'"), strings.ReplaceAll(text, "\r\n", "\n"); got != want && !strings.Contains(text, "\r") {
			t.Fatalf("csv text %q, want %q", got, want)
		}
		for _, rec := range recs[1:] {
			for k, v := range rec[fields-11:] {
				if strings.HasPrefix(v, "'") {
					t.Fatalf("csv number field %s written %q", recs[0][fields-11+k], v)
				}
			}
		}

		// LaTeX: no special character of the text escapes the escaper.
		esc := latexEscaper.Replace(ingest.OneLine(text))
		if left := latexLeftover.Replace(esc); strings.ContainsAny(left, `\&%$#_{}~^`) {
			t.Fatalf("latex escape of %q left %q", text, left)
		}

		// Markdown: every table line has exactly one border per column plus one.
		for _, line := range strings.Split(string(out[FormatMarkdown]), "\n") {
			if strings.HasPrefix(line, "| ") && unescapedPipes(line) != len(tab.Columns)+1 {
				t.Fatalf("markdown line has %d borders: %q", unescapedPipes(line), line)
			}
		}

		// Text: the box is rectangular.
		var width int
		for _, line := range strings.Split(string(out[FormatText]), "\n") {
			if !strings.HasPrefix(line, "┌") && !strings.HasPrefix(line, "│") && !strings.HasPrefix(line, "├") && !strings.HasPrefix(line, "└") {
				continue
			}
			w := displayWidth(line)
			if width == 0 {
				width = w
			} else if w != width {
				t.Fatalf("text box line of width %d, want %d:\n%s", w, width, out[FormatText])
			}
		}
	})
}
