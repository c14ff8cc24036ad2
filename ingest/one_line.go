package ingest

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// OneLine makes a name safe for one line of output (a table's display cell, a field of
// score --disagreements' tab-separated lines): a tab, line break, other control
// character (which could drive a terminal) or byte that is not UTF-8 is shown as Go
// quotes it (\t, \n, \x1b, \xff), as the figures label such a name, so that the name
// shown is not another one ("a\tb" is not "a b") and the cell stays one line.
func OneLine(s string) string {
	clean := true
	for _, r := range s {
		if r == utf8.RuneError || unicode.IsControl(r) {
			clean = false
			break
		}
	}
	if clean {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case unicode.IsControl(r):
			q := strconv.QuoteRune(r)
			b.WriteString(q[1 : len(q)-1])
		default:
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}

// NameText is a name as the display forms (text, Markdown and LaTeX tables, the viewer,
// the command's summary lines) show it: on one line (OneLine), and quoted as Go quotes it
// when it has white space at an end, which a column's padding, Markdown and LaTeX would
// hide: an Inspect model "trail " would print as "trail" (the notes quote such names too,
// ListedNames). CSV and JSON keep a name as it is. The viewer's script does the same
// with nameText (results/view/assets/view.js).
func NameText(s string) string {
	if strings.TrimFunc(s, blank) != s {
		return strconv.Quote(s)
	}
	return OneLine(s)
}

// blank is white space a display shows as a blank (a control character, such as a tab,
// OneLine shows escaped).
func blank(r rune) bool { return unicode.IsSpace(r) && !unicode.IsControl(r) }
