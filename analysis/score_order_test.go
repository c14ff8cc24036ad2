package analysis

import (
	"fmt"
	"slices"
	"testing"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/oracle"
)

// byCase groups a batch's indices by case, each case's in input order and the cases in
// the order they first appear.
func TestByCaseIsAStableGrouping(t *testing.T) {
	a, b, c := &oracle.Prepared{}, &oracle.Prepared{}, &oracle.Prepared{}
	l := (&prepCache{}).local()
	if got, want := l.byCase([]*oracle.Prepared{a, b, a, c, b, a}), []int{0, 2, 5, 1, 4, 3}; !slices.Equal(got, want) {
		t.Errorf("byCase = %v, want %v", got, want)
	}
	// The scratch space is reused: a second batch starts afresh.
	if got, want := l.byCase([]*oracle.Prepared{c, a, c}), []int{0, 2, 1}; !slices.Equal(got, want) {
		t.Errorf("byCase (second batch) = %v, want %v", got, want)
	}
}

// Scored grouped by case, a batch whose cases interleave (as a release lists them) gives
// each policy's verdicts in input order, equal to scoring each episode alone in input
// order, with Others limiting the policies after the first (one scored, one a copy of the
// first's) to the accepted episodes, for one worker and several.
func TestScoreByCaseKeepsInputSlots(t *testing.T) {
	cases, refs := realReferences(t)
	// Round-robin over the cases, as a release lists them; some episodes excluded, some
	// not of the main condition.
	var eps []*ingest.Episode
	for rep := range 4 {
		for ci, ref := range refs {
			e := *ref
			e.Config, e.Repeat, e.RunID = "A/B", rep, fmt.Sprintf("%s-%d", ref.CaseID, rep)
			if (rep+ci)%3 == 1 {
				e.Condition = "scgr_eg"
			}
			if (rep*7+ci)%5 == 2 {
				e.Status = ingest.StatusInfraFailure
			}
			eps = append(eps, &e)
		}
	}
	lookup := caseLookup(cases)
	pols := []oracle.Policy{oracle.SafeAct, oracle.Presets[1], oracle.SafeAct} // the third: a copy of the first's
	main := func(ep *ingest.Episode) bool { return ep.Condition == "main" }

	// The reference: each episode scored alone, in input order.
	want := make([][]oracle.Verdict, len(pols))
	for _, ep := range eps {
		p, err := oracle.Prepare(lookup(ep.CaseID))
		if err != nil {
			t.Fatal(err)
		}
		vs := p.ScoreMany(p.Identity(ep), ep, pols, make([]bool, len(pols)), nil)
		for pi := range pols {
			if pi == 0 || main(ep) {
				want[pi] = append(want[pi], vs[pi])
			}
		}
	}
	for _, workers := range []int{1, 3} {
		s, err := Score(&ingest.SliceSource{Episodes: eps}, lookup, ScoreOptions{Policies: pols, Workers: workers, Others: main})
		if err != nil {
			t.Fatal(err)
		}
		for pi := range pols {
			if len(s.Verdicts[pi]) != len(want[pi]) {
				t.Fatalf("workers %d, policy %d: %d verdicts, want %d", workers, pi, len(s.Verdicts[pi]), len(want[pi]))
			}
			for i, w := range want[pi] {
				g := s.Verdicts[pi][i]
				if g.RunID() != w.RunID() || g.Excluded() != w.Excluded() || g.ECS() != w.ECS() || g.Outcome() != w.Outcome() {
					t.Fatalf("workers %d, policy %d, slot %d: %s %v %v, want %s %v %v", workers, pi, i,
						g.RunID(), g.Excluded(), g.Outcome(), w.RunID(), w.Excluded(), w.Outcome())
				}
			}
		}
		if s.Counts.Read != len(eps) || s.Counts.Read != s.Counts.Scored+s.Counts.Excluded["infra_failure"] || s.Counts.Excluded["infra_failure"] == 0 {
			t.Errorf("workers %d: counts %+v", workers, s.Counts)
		}
	}
}
