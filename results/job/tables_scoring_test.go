package job

import (
	"testing"

	"github.com/sabench/sabench-stats/results"
	"github.com/sabench/sabench-stats/results/verdicts"
)

// Named tables read of a verdict dataset what they show; every policy is scored when a
// table compares policies, or for the default tables when several policies are given (or
// none, on a bench of action-rules cases).
func TestTablesScoring(t *testing.T) {
	spec := func(id string) results.Spec {
		s, err := results.Lookup(id)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	policy := results.PolicyTables()[0]
	for _, tc := range []struct {
		specs    []results.Spec
		policies int
		want     Scoring
	}{
		// No --policy: every preset on a bench of action-rules cases, for official.
		{nil, 0, Scoring{MainOnly: true, AllOnOfficial: true}},
		{nil, 1, Scoring{MainOnly: true}},
		{nil, 2, Scoring{MainOnly: true, All: true}},
		{[]results.Spec{spec("T2")}, 0, Scoring{MainOnly: true, Dataset: verdicts.DatasetRead{NoRunIDs: true, NoUsage: true, Policies: 1}}},
		{[]results.Spec{spec("T2")}, 1, Scoring{MainOnly: true, Dataset: verdicts.DatasetRead{NoRunIDs: true, NoUsage: true, Policies: 1}}},
		{[]results.Spec{spec("T2")}, 3, Scoring{MainOnly: true, Dataset: verdicts.DatasetRead{NoRunIDs: true, NoUsage: true, Policies: 1}}},
		{[]results.Spec{spec("T2"), spec("cost")}, 1, Scoring{MainOnly: true, Dataset: verdicts.DatasetRead{NoRunIDs: true, Policies: 1}}},
		// official_unauthorized lists runs for explain RUN: it read no run id and left the column empty.
		{[]results.Spec{spec("official_unauthorized")}, 1, Scoring{MainOnly: true, Dataset: verdicts.DatasetRead{NoUsage: true, Policies: 1}}},
		{[]results.Spec{spec("T2"), policy}, 1, Scoring{MainOnly: true, All: true, Dataset: verdicts.DatasetRead{NoRunIDs: true, NoUsage: true}}},
	} {
		if got := TablesScoring(tc.specs, tc.policies); got != tc.want {
			t.Errorf("%d specs, %d policies: %+v, want %+v", len(tc.specs), tc.policies, got, tc.want)
		}
	}
}
