package main

import (
	"testing"

	"github.com/sabench/sabench-stats/results/job"
)

// TestBuiltinScoredOnce: two jobs on the built-in release with the same scoring share
// one verdict slice (scored once per process), whatever their workers, and each gets
// its own scored release with the counts of the whole release. Here, in the package
// whose tests score the built-in release most, it costs no scoring of its own.
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
	if len(a) != 34147 || len(b) != len(a) || &a[0] != &b[0] {
		t.Errorf("%d and %d verdicts, shared: %v; want the release's 34147, one slice", len(a), len(b), len(a) > 0 && len(b) > 0 && &a[0] == &b[0])
	}
	if rels[0].ScoredRelease == rels[1].ScoredRelease || rels[1].Counts.Read != 34147 {
		t.Errorf("scored releases shared, or %d episodes read", rels[1].Counts.Read)
	}
}
