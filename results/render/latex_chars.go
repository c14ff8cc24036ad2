package render

import (
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/results"
)

// latexUnset are the characters of Latin-1 and Latin Extended-A that pdflatex has no
// glyph for even with T1 fonts (it stops: "Unicode character … not set up for use with
// LaTeX"); latexSets was checked against pdflatex character by character.
var latexUnset = map[rune]bool{'Ħ': true, 'ħ': true, 'ĸ': true, 'Ŀ': true, 'ŀ': true, 'ŉ': true, 'Ŧ': true, 'ŧ': true, 'ſ': true}

// latexSets says whether pdflatex sets r from a table's UTF-8 as written (LaTeX's default
// input encoding, with the T1 fonts papers load): ASCII, Latin-1 and Latin Extended-A but
// latexUnset, the common punctuation, € and ™, and the symbols the escaper spells in math.
// CJK, Cyrillic, other Greek letters and the rest need xelatex or lualatex with a font
// that has them, or a package for their script.
func latexSets(r rune) bool {
	switch {
	case r < 0x80:
		return true
	case r >= 0xA0 && r <= 0x17F:
		return !latexUnset[r]
	}
	switch r {
	case '‐', '‑', '‒', '–', '—', '―', '‖', '‘', '’', '‚', '“', '”', '„', '†', '‡', '•', '…', '‰', '‱', '‹', '›', '€', '™':
		return true
	}
	for i := 0; i < len(latexEscapes); i += 2 {
		if c, n := utf8.DecodeRuneInString(latexEscapes[i]); c == r && n == len(latexEscapes[i]) {
			return true
		}
	}
	return false
}

// LaTeXLacks says which strings of the tables' LaTeX form hold characters pdflatex cannot
// set (latexSets), and in which tables, "" for none: pdflatex stops at each (and, in
// nonstop mode, leaves it out, so that two names can come out alike), lualatex leaves it
// out with only a line in its log. The names are flagged, not rewritten: a paper set with
// xelatex or lualatex and a font that has them gets them as written.
func LaTeXLacks(ts []*results.Table) string {
	var names, ids []string
	for _, t := range ts {
		texts, words := latexStrings(t.Display())
		lack := ingest.NamesLacking(texts, latexSets)
		// A word names what to fix only where no cell already does.
		for _, w := range ingest.NamesLacking(words, latexSets) {
			if !slices.ContainsFunc(lack, func(n string) bool { return strings.Contains(n, w) }) {
				lack = append(lack, w)
			}
		}
		if len(lack) == 0 {
			continue
		}
		ids = append(ids, t.ID)
		for _, n := range lack {
			if !slices.Contains(names, n) {
				names = append(names, n)
			}
		}
	}
	if len(names) == 0 {
		return ""
	}
	which := "tables " + strings.Join(ids, ", ")
	if len(ids) == 1 {
		which = "table " + ids[0]
	}
	return fmt.Sprintf("pdflatex cannot set characters of %s (LaTeX %s): it stops at them, or leaves them out in nonstop mode; "+
		"set these tables with xelatex or lualatex and a font that has them (fontspec), or load a package for the script (CJKutf8 for CJK)",
		ingest.QuotedList(names), which)
}

// latexStrings are the texts a table's LaTeX form prints: the text cells whole (a name),
// and the words of the title, the headers and the notes (sentences, whose word names what
// to fix).
func latexStrings(t *results.Table) (texts, words []string) {
	for _, r := range t.Rows {
		for _, c := range r.Cells {
			if c.Type() == results.CellText {
				texts = append(texts, c.Str())
			}
		}
	}
	sentences := []string{t.Title}
	for _, c := range t.Columns {
		sentences = append(sentences, c.Header)
	}
	for _, n := range append(sentences, t.Notes...) {
		for _, w := range strings.Fields(n) {
			words = append(words, strings.TrimFunc(w, func(r rune) bool { return unicode.IsPunct(r) && r != '/' }))
		}
	}
	return texts, words
}
