package main

import (
	"slices"
	"testing"

	"github.com/sabench/sabench-stats/results/job"
)

// TestBuiltinScoredOnce: two jobs on the built-in release with the same scoring, whatever
// their workers, each get a scored release of their own (a release reorders its records)
// with the same records and the counts of the whole release. That the scoring itself runs
// once is job's TestScoreBuiltinOnce.
func TestBuiltinScoredOnce(t *testing.T) {
	var rels []*job.Release
	for _, workers := range []int{2, 1} {
		o := job.Defaults()
		o.Workers = workers
		if err := o.Check(); err != nil {
			t.Fatal(err)
		}
		r, err := o.Release(job.Scoring{})
		if err != nil {
			t.Fatal(err)
		}
		rels = append(rels, r)
	}
	a, b := rels[0].Releases[0].Verdicts, rels[1].Releases[0].Verdicts
	if len(a) != 34147 || !slices.Equal(a, b) || &a[0] == &b[0] {
		t.Errorf("%d and %d records, equal: %v, one slice: %v; want the release's 34147, equal, each release its own",
			len(a), len(b), slices.Equal(a, b), len(a) > 0 && len(b) > 0 && &a[0] == &b[0])
	}
	if rels[0].ScoredRelease == rels[1].ScoredRelease || rels[1].Counts.Read != 34147 {
		t.Errorf("scored releases shared, or %d episodes read", rels[1].Counts.Read)
	}
}
