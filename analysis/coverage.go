package analysis

import (
	"slices"
	"sort"
	"strings"

	"github.com/sabench/sabench-stats/oracle"
)

// CoverageRow reconciles what was read for one configuration and condition:
// Read = Scored + the sum of Excluded.
type CoverageRow struct {
	Config, Condition string
	Read, Scored      int
	Excluded          map[string]int // by reason
}

// Coverage is every configuration × condition's reconciliation in input order, the
// exclusion reasons (sorted) and the total. Static judgments of executable cases count
// under their condition with " (static)" appended unless it already says so.
func (r *Release) Coverage() (rows []CoverageRow, reasons []string, total CoverageRow) {
	c := r.coverage
	return slices.Clone(c.rows), slices.Clone(c.reasons), c.total
}

// coverageOf is Coverage over verdicts in input order (NewRelease, before the grouping
// reorders them: the rows follow the input).
func coverageOf(vs []oracle.Verdict) (rows []CoverageRow, reasons []string, total CoverageRow) {
	type key struct{ config, condition string }
	by := map[key]int{}
	seen := map[string]bool{}
	for i := range vs {
		v := &vs[i]
		cond := v.Condition()
		if isStaticJudgment(v) && !strings.Contains(cond, "static") {
			cond += " (static)"
		}
		k := key{v.Config(), cond}
		j, ok := by[k]
		if !ok {
			j = len(rows)
			by[k] = j
			rows = append(rows, CoverageRow{Config: v.Config(), Condition: cond, Excluded: map[string]int{}})
		}
		rows[j].Read++
		if v.Excluded() {
			rows[j].Excluded[v.ExclusionReason()]++
			if !seen[v.ExclusionReason()] {
				seen[v.ExclusionReason()] = true
				reasons = append(reasons, v.ExclusionReason())
			}
		} else {
			rows[j].Scored++
		}
	}
	sort.Strings(reasons)
	total = CoverageRow{Config: "All", Excluded: map[string]int{}}
	for _, row := range rows {
		total.Read += row.Read
		total.Scored += row.Scored
		for x, n := range row.Excluded {
			total.Excluded[x] += n
		}
	}
	return rows, reasons, total
}
