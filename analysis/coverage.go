package analysis

import (
	"maps"
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
	// InfraScored counts the scored episodes that are infrastructure failures scored as
	// failures (--infra-failures fail): among Scored, not Excluded.
	InfraScored int
}

// Coverage is every configuration × condition's reconciliation in input order, the
// exclusion reasons (sorted) and the total. Static judgments of executable cases count
// under their condition with " (static)" appended unless it already says so. The rows and
// their Excluded maps (never nil) are the caller's to change.
func (r *Release) Coverage() (rows []CoverageRow, reasons []string, total CoverageRow) {
	c := r.coverage
	own := func(m map[string]int) map[string]int {
		out := make(map[string]int, len(m))
		maps.Copy(out, m)
		return out
	}
	rows = slices.Clone(c.rows)
	for i := range rows {
		rows[i].Excluded = own(rows[i].Excluded)
	}
	total = c.total
	total.Excluded = own(total.Excluded)
	return rows, slices.Clone(c.reasons), total
}

// coverageOf is Coverage over verdicts in input order, or aggregates in order of first
// appearance (NewRelease, before the grouping reorders them: the rows follow the input).
func coverageOf(vs []Record) (rows []CoverageRow, reasons []string, total CoverageRow) {
	// A row is a configuration × condition name; a verdict finds it by its interned keys
	// (equal keys, equal names), looking the names up once per keys, and first tries the
	// last verdict's row, as runs of one row are the rule.
	type key struct{ config, condition string }
	type ids [3]uint32
	byName, byIDs := map[key]int{}, map[ids]int{}
	last, lastJ := ids{}, -1
	seen := map[string]bool{}
	for i := range vs {
		v := &vs[i]
		k := ids{v.ConfigKey(), v.ConditionKey(), 0}
		if isStaticJudgment(v) {
			k[2] = 1
		}
		j, ok := lastJ, lastJ >= 0 && k == last
		if !ok {
			j, ok = byIDs[k]
		}
		if !ok {
			cond := v.Condition()
			if k[2] == 1 && !strings.Contains(cond, "static") {
				cond += " (static)"
			}
			if j, ok = byName[key{v.Config(), cond}]; !ok {
				j = len(rows)
				byName[key{v.Config(), cond}] = j
				rows = append(rows, CoverageRow{Config: v.Config(), Condition: cond, Excluded: map[string]int{}})
			}
			byIDs[k] = j
		}
		last, lastJ = k, j
		w := v.weight()
		rows[j].Read += w
		if v.Excluded() {
			rows[j].Excluded[v.ExclusionReason()] += w
			if !seen[v.ExclusionReason()] {
				seen[v.ExclusionReason()] = true
				reasons = append(reasons, v.ExclusionReason())
			}
		} else {
			rows[j].Scored += w
			if v.FailureType() == oracle.FailInfra {
				rows[j].InfraScored += w
			}
		}
	}
	sort.Strings(reasons)
	total = CoverageRow{Config: "All", Excluded: map[string]int{}}
	for _, row := range rows {
		total.Read += row.Read
		total.Scored += row.Scored
		total.InfraScored += row.InfraScored
		for x, n := range row.Excluded {
			total.Excluded[x] += n
		}
	}
	return rows, reasons, total
}
