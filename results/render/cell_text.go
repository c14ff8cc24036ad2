package render

import (
	"strconv"
	"strings"
	"unicode"

	"github.com/sabench/sabench-stats/ingest"
)

// NameText is a text cell as the display forms show it: on one line (ingest.OneLine),
// and quoted as Go quotes it when it has white space at an end, which a column's padding,
// Markdown and LaTeX would hide: an Inspect model "trail " would print as "trail" (the
// notes quote such names too, ingest.ListedNames). CSV and JSON keep it as it is. The
// viewer shows a name so too, its script with nameText (results/view/assets/view.js).
func NameText(s string) string {
	if strings.TrimFunc(s, blank) != s {
		return strconv.Quote(s)
	}
	return ingest.OneLine(s)
}

// blank is white space a display shows as a blank (a control character, such as a tab,
// OneLine shows escaped).
func blank(r rune) bool { return unicode.IsSpace(r) && !unicode.IsControl(r) }
