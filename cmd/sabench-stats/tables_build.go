package main

import (
	"strings"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/results"
)

// buildTables builds the tables named by ids (all when empty) from the first release;
// "policies" needs every release (one per policy) and yields two tables.
func buildTables(rels []*analysis.Release, ids []string, o analysis.StatOptions) ([]*results.Table, error) {
	if len(ids) == 0 {
		ids = append(append([]string(nil), analysis.TableIDs...), "policies")
	}
	var out []*results.Table
	for _, id := range ids {
		if strings.EqualFold(id, "policies") {
			ts, err := policyComparison(rels).Tables(o)
			if err != nil {
				return nil, err
			}
			out = append(out, ts...)
			continue
		}
		t, err := rels[0].Table(id, o)
		if err != nil {
			return nil, err
		}
		out = append(out, t)
	}
	return out, nil
}

// policyComparison compares every release with the safeact one (the first release when
// safeact was not scored).
func policyComparison(rels []*analysis.Release) *analysis.PolicyComparison {
	base := rels[0]
	for _, r := range rels {
		if r.Policy.IsSafeAct() {
			base = r
			break
		}
	}
	return &analysis.PolicyComparison{Base: base, Releases: rels}
}
