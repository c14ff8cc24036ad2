package analysis

import (
	"fmt"
	"strings"

	"github.com/sabench/sabench-stats/ingest"
)

// MatchName finds a configuration (or harness, condition, …) name given by a user among
// the names a release holds: the exact name, else the one name equal to it ignoring case
// ("claude-5/inspect" finds "Claude-5/Inspect"). Its error names x and the known names;
// two names that differ only in case and match x equally are ambiguous.
func MatchName(what, x string, names []string) (string, error) {
	var folded []string
	for _, n := range names {
		if n == x {
			return n, nil
		}
		if strings.EqualFold(n, x) {
			folded = append(folded, n)
		}
	}
	switch len(folded) {
	case 1:
		return folded[0], nil
	case 0:
		return "", fmt.Errorf("unknown %s %q (known: %s)", what, x, ingest.QuotedList(names))
	}
	return "", fmt.Errorf("%s %q is ambiguous: it matches %s ignoring case; give the exact name", what, x, ingest.QuotedList(folded))
}
