package job

import (
	"slices"

	"github.com/sabench/sabench-stats/results"
	"github.com/sabench/sabench-stats/results/verdicts"
)

// TablesScoring is how the tables of specs are scored (none: the default tables) when
// policies policies are given: every policy when a table compares them, or for the
// default tables when several are given (their list depends on how many there are) or
// none on a bench of action-rules cases (whose default tables hold official, as
// Options.ScoredPolicies counts them); the policies after the first on the main condition
// only. Of a verdict dataset, named tables
// read what they need: the run ids for official_unauthorized alone (the one table that
// lists runs, for explain RUN), the usage for the cost table alone, and the first policy
// alone unless one compares policies. The default list reads it all.
func TablesScoring(specs []results.Spec, policies int) Scoring {
	s := Scoring{MainOnly: true, All: results.NeedPoliciesIn(specs) || len(specs) == 0 && policies > 1,
		AllOnOfficial: len(specs) == 0 && policies == 0}
	if len(specs) > 0 {
		named := func(id string) bool {
			return slices.ContainsFunc(specs, func(s results.Spec) bool { return s.ID == id })
		}
		s.Dataset = verdicts.DatasetRead{NoRunIDs: !named("official_unauthorized"), NoUsage: !named("cost")}
		if !s.All {
			s.Dataset.Policies = 1
		}
	}
	return s
}
