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

// ListedNames returns names as a note lists them, joined by a separator made of the
// characters in seps (", " and braces: ",{}"; "; ": ";"): as they are, or every one
// quoted (as QuotedList quotes) when one of them holds one of seps, or white space at an
// end (which a note cannot show), so that "Llama 3.1 70B, temp=0.7" in "{a, Llama 3.1
// 70B, temp=0.7}" is not read as two names. Names that need none keep the notes as they
// were.
func ListedNames(names []string, seps string) []string {
	for _, n := range names {
		if strings.ContainsAny(n, seps) || strings.TrimSpace(n) != n {
			out := make([]string, len(names))
			for i, n := range names {
				out[i] = strconv.Quote(n)
			}
			return out
		}
	}
	return names
}
