package analysis

import (
	"errors"
	"fmt"
	"slices"
	"testing"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/casespec"
	"github.com/sabench/sabench-stats/oracle"
)

// A panic while scoring an episode (a defect of the program; no input is known to reach
// one) ends the call with an error naming the first such episode in input order, whatever
// the workers and however a batch groups its episodes by case, instead of ending the
// process from a worker goroutine. Before, the process died with every goroutine's stack
// and no episode named.
func TestScorePanicNamesTheFirstEpisode(t *testing.T) {
	reps, lookup := referenceRepeats(t, 1300)
	// Repeat-major order: each case's episodes are spread through a batch, so that scoring
	// grouped by case meets a later episode of the first case before an earlier one of
	// another.
	eps := slices.Clone(reps)
	slices.SortStableFunc(eps, func(a, b *ingest.Episode) int { return a.Repeat - b.Repeat })
	nCases := 0
	for _, e := range eps {
		if e.Repeat == 0 {
			nCases++
		}
	}
	if nCases < 3 || len(eps) < 3*batchSize {
		t.Fatalf("%d cases, %d episodes: too few for the test", nCases, len(eps))
	}
	for i := range eps {
		e := *eps[i]
		e.Source, e.Line = "runs.jsonl", i+1
		eps[i] = &e
	}
	// In the second batch: the second case's first episode there, and the first case's
	// next one, which scoring by case reaches first; an unknown case after both.
	first := batchSize + nCases - (batchSize % nCases) + 1
	later := first - 1 + nCases
	if eps[later].CaseID != eps[first-1].CaseID || eps[first].CaseID == eps[later].CaseID || first/batchSize != later/batchSize || first/batchSizeHeavy != later/batchSizeHeavy {
		t.Fatalf("indices %d and %d are not as the test needs", first, later)
	}
	unknown := later + 5
	u := *eps[unknown]
	u.CaseID = "no-such-case"
	eps[unknown] = &u
	bad := map[string]bool{eps[first].RunID: true, eps[later].RunID: true, eps[2*batchSize+1].RunID: true}
	t.Cleanup(func() { beforeScoring = nil })
	beforeScoring = func(e *ingest.Episode) {
		if bad[e.RunID] {
			panic(fmt.Sprintf("test panic at %s", e.RunID))
		}
	}
	want := fmt.Sprintf("runs.jsonl:%d: scoring run %q (case %q) failed inside sabench-stats: test panic at %s; this is a defect of the program, not of the episode: please report it with this episode",
		first+1, eps[first].RunID, eps[first].CaseID, eps[first].RunID)
	for _, workers := range []int{1, 2, 4} {
		for _, each := range []bool{false, true} {
			opt := ScoreOptions{Policies: []oracle.Policy{oracle.SafeAct}, Workers: workers}
			if each {
				opt.Each = func([]*ingest.Episode, [][]oracle.Verdict) error { return nil }
			}
			_, err := Score(&ingest.SliceSource{Episodes: eps}, lookup, opt)
			var p ingest.Problem
			if err == nil || err.Error() != want || !errors.As(err, &p) || p.Line != first+1 {
				t.Errorf("workers %d, each %v: error\n%v\nwant\n%s", workers, each, err, want)
			}
		}
	}
	// Without the panics the unknown case is the error, as before.
	beforeScoring = nil
	_, err := Score(&ingest.SliceSource{Episodes: eps}, lookup, ScoreOptions{Policies: []oracle.Policy{oracle.SafeAct}, Workers: 2})
	if want := fmt.Sprintf(`runs.jsonl:%d: case_id: unknown case id "no-such-case"`, unknown+1); err == nil || err.Error() != want {
		t.Errorf("error %v, want %s", err, want)
	}
}

// eachGuarded runs every index after a panic and returns the least that panicked.
func TestEachGuarded(t *testing.T) {
	order := []int{4, 0, 7, 2, 9, 1}
	var ran []int
	at, val := eachGuarded(order, func(i int) {
		ran = append(ran, i)
		if i == 7 || i == 2 || i == 9 {
			panic(i * 10)
		}
	})
	if at != 2 || val != 20 || !slices.Equal(ran, order) {
		t.Errorf("at %d, value %v, ran %v; want 2, 20, %v", at, val, ran, order)
	}
	if at, val := eachGuarded(order, func(int) {}); at != -1 || val != nil {
		t.Errorf("no panic: at %d, value %v", at, val)
	}
}

// A case whose lookup or compilation panics is an error at its first episode in input
// order, naming the case, at any number of workers; before, a panic in a case lookup ended
// the process from a worker goroutine.
func TestScorePreparePanicNamesTheCase(t *testing.T) {
	eps, lookup := referenceRepeats(t, 900)
	if len(eps) < 2*batchSize {
		t.Fatalf("%d episodes: too few", len(eps))
	}
	eps = slices.Clone(eps)
	for i := range eps {
		e := *eps[i]
		e.Source, e.Line = "runs.jsonl", i+1
		eps[i] = &e
	}
	bad := eps[len(eps)-1].CaseID // the last case: its first episode is in a later batch
	firstBad := slices.IndexFunc(eps, func(e *ingest.Episode) bool { return e.CaseID == bad })
	if firstBad < batchSize {
		t.Fatalf("the case's first episode is in the first batch (%d)", firstBad)
	}
	panicky := func(id string) *casespec.Case {
		if id == bad {
			var m map[string]int
			//lint:ignore SA5000 the nil map's runtime error stands for a defect's
			m["x"]++
		}
		return lookup(id)
	}
	want := fmt.Sprintf(`runs.jsonl:%d: case_id: preparing case %q failed inside sabench-stats: assignment to entry in nil map; this is a defect of the program: please report it with the case's file`, firstBad+1, bad)
	for _, workers := range []int{1, 2, 4} {
		_, err := Score(&ingest.SliceSource{Episodes: eps}, panicky, ScoreOptions{Policies: []oracle.Policy{oracle.SafeAct}, Workers: workers})
		if err == nil || err.Error() != want {
			t.Errorf("workers %d: error\n%v\nwant\n%s", workers, err, want)
		}
	}
}
