package results

import (
	"fmt"
	"slices"
	"strings"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/ingest"
)

// mainScope says how the episodes a table of the main condition counts (shown of them in
// its rows) stand to the release's scored episodes, which score, the index and the coverage
// table count: which conditions the others are of, and how many of the main condition's
// the rows leave out (a filter). "" when the table counts every scored episode, so that a
// number beside the reconciliation's never differs from it unexplained.
func mainScope(r *analysis.Release, shown int) string {
	rows, _, total := r.Coverage()
	main := 0
	var others []string
	for _, x := range rows {
		switch {
		case x.Condition == ingest.DefaultCondition:
			main += x.Scored
		case x.Scored > 0 && !slices.Contains(others, x.Condition):
			others = append(others, x.Condition)
		}
	}
	if shown == total.Scored {
		return ""
	}
	var parts []string
	if main < total.Scored {
		parts = append(parts, fmt.Sprintf("%s of the main condition, of the %d scored; the other %d are of %s %s, which the coverage table counts",
			ingest.Plural(main, "scored episode"), total.Scored, total.Scored-main, map[bool]string{true: "condition", false: "conditions"}[len(others) == 1], strings.Join(others, ", ")))
	}
	if shown < main {
		parts = append(parts, fmt.Sprintf("the rows shown hold %d of the main condition's %d", shown, main))
	}
	if len(parts) == 0 {
		return ""
	}
	return "Episodes: " + strings.Join(parts, "; ") + "."
}

// appendNonEmpty appends note unless it is "".
func appendNonEmpty(notes []string, note string) []string {
	if note == "" {
		return notes
	}
	return append(notes, note)
}
