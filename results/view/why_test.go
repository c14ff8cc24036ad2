package view_test

import (
	"path/filepath"
	"testing"

	"github.com/sabench/sabench-stats/ingest/casespec"
	"github.com/sabench/sabench-stats/ingest/tau"
	"github.com/sabench/sabench-stats/oracle"
	"github.com/sabench/sabench-stats/results/view"
)

// TestViewerWhyIsExplains encodes the shared τ-bench airline trajectories under every τ
// preset as the page does and checks that the sentence it shows of each failed episode is
// explain's (oracle.Explain's Why): the episode's own where it differs from its type's (an
// early write that lacked the user's confirmation or its entity read, authorized writes or
// no write with reward 0), which the built-in release, whose episodes all get their type's
// sentence, does not exercise.
func TestViewerWhyIsExplains(t *testing.T) {
	r, err := tau.ReadFile(filepath.Join("..", "..", "ingest", "tau", "testdata", "gpt-4o-airline-tasks25-49.json"), tau.Options{Config: "gpt-4o/tool-calling"})
	if err != nil || len(r.Problems) > 0 {
		t.Fatalf("%v %v", err, r.Problems)
	}
	b, err := tau.LoadBench("tau-bench:airline", casespec.BenchOptions{})
	if err != nil {
		t.Fatal(err)
	}
	prep := map[string]*oracle.Prepared{}
	for _, c := range b.Cases {
		if prep[c.ID], err = oracle.Prepare(c); err != nil {
			t.Fatal(err)
		}
	}
	own := 0
	for _, name := range []string{"tau-strict", "tau-lenient", "tau-reads"} {
		pol, err := oracle.LookupPolicy(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, ep := range r.Episodes {
			c := b.Case(ep.CaseID)
			v := prep[ep.CaseID].Score(ep, pol, true)
			_, _, why, err := view.ViewerBreak(ep, v, view.CaseOf(c))
			if err != nil {
				t.Fatalf("%s under %s: %v", ep.RunID, name, err)
			}
			if want := oracle.Explain(c, ep, pol, v).Why; why != want {
				t.Errorf("%s under %s (%s): the page says why %q, explain %q", ep.RunID, name, v.FailureType(), why, want)
			}
			if !v.ECS() && why != oracle.FailureWhy(v.FailureType()) {
				own++
			}
		}
	}
	if own < 50 {
		t.Errorf("only %d episodes with a sentence of their own: the check is not exercised", own)
	}
	t.Logf("%d verdicts with a sentence of their own", own)
}
