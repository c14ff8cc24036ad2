package ingest

import (
	"strconv"
	"strings"
)

// QuotedList joins names for an error's "(known: …)" list, each quoted as Go's %q does:
// names may hold ", " themselves (a configuration "gpt-4o, temp 0"), which a bare join
// would make ambiguous.
func QuotedList(names []string) string {
	var b strings.Builder
	for i, n := range names {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(strconv.Quote(n))
	}
	return b.String()
}
