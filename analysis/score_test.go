package analysis

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/casespec"
	"github.com/sabench/sabench-stats/oracle"
)

// Scoring reconciles its counts, keeps input order whatever the workers, and gives
// policies with equal settings equal verdicts under their own names.
func TestScoreOrderCountsAndSharedSettings(t *testing.T) {
	eps, lookup := referenceRepeats(t, 3)
	for _, e := range eps {
		if e.Repeat == 2 && e.CaseID == "SAB-V1-001" {
			e.Status = ingest.StatusInfraFailure
		}
	}
	pols := []oracle.Policy{oracle.SafeAct, oracle.Presets[3], oracle.Presets[4]} // tau-bench, appworld
	run := func(workers int, infraFail bool) *Scored {
		s, err := Score(&ingest.SliceSource{Episodes: eps}, lookup, ScoreOptions{Policies: pols, Workers: workers, InfraFailuresFail: infraFail})
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	s1, s8 := run(1, false), run(8, false)
	if s1.Counts.Read != 30 || s1.Counts.Scored != 29 || s1.Counts.Excluded["infra_failure"] != 1 {
		t.Errorf("counts %+v, want read 30 = scored 29 + 1 infra_failure", s1.Counts)
	}
	for pi := range pols {
		for i := range eps {
			a, b := s1.Verdicts[pi][i], s8.Verdicts[pi][i]
			if a.RunID() != eps[i].RunID || a.RunID() != b.RunID() || a.ECS() != b.ECS() || a.Outcome() != b.Outcome() {
				t.Fatalf("policy %d episode %d: order or verdict depends on workers: %+v vs %+v", pi, i, a, b)
			}
			if !a.Excluded() && !a.ECS() {
				t.Errorf("reference episode %s fails under %s", a.RunID(), pols[pi].Name)
			}
		}
	}
	// tau-bench and appworld have the same settings: scored once, one slice for both.
	tau, app := s1.Verdicts[1], s1.Verdicts[2]
	if len(tau) != len(eps) || len(app) != len(tau) || &app[0] != &tau[0] || pols[1].Hash() != pols[2].Hash() {
		t.Errorf("appworld does not share tau-bench's verdicts (%d, %d)", len(tau), len(app))
	}
	if sf := run(2, true); sf.Counts.Scored != 30 || len(sf.Counts.Excluded) != 0 {
		t.Errorf("--infra-failures fail: counts %+v, want all 30 scored", sf.Counts)
	}
}

// With Others, the policies after the first score only the accepted episodes, in input
// order, with the same verdicts as a full run.
func TestScoreOthersFilter(t *testing.T) {
	var eps []*ingest.Episode
	cases, refs := realReferences(t)
	for i, ref := range refs {
		e := *ref
		e.RunID = realIDs[i]
		if i%2 == 1 {
			e.Condition = "scgr_eg"
		}
		eps = append(eps, &e)
	}
	lookup := caseLookup(cases)
	pols := []oracle.Policy{oracle.SafeAct, oracle.Presets[1]}
	full, err := Score(&ingest.SliceSource{Episodes: eps}, lookup, ScoreOptions{Policies: pols, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	main := func(ep *ingest.Episode) bool { return ep.Condition == "main" }
	part, err := Score(&ingest.SliceSource{Episodes: eps}, lookup, ScoreOptions{Policies: pols, Workers: 2, Others: main})
	if err != nil {
		t.Fatal(err)
	}
	if len(part.Verdicts[0]) != 10 || len(part.Verdicts[1]) != 5 || part.Counts.Read != 10 {
		t.Fatalf("lengths %d, %d, read %d; want 10, 5, 10", len(part.Verdicts[0]), len(part.Verdicts[1]), part.Counts.Read)
	}
	j := 0
	for i, v := range full.Verdicts[1] {
		if eps[i].Condition != "main" {
			continue
		}
		if got := part.Verdicts[1][j]; got.RunID() != v.RunID() || got.ECS() != v.ECS() || got.Outcome() != v.Outcome() {
			t.Errorf("main episode %d: %+v, want %+v", j, got, v)
		}
		j++
	}
}

// caseLookup finds a case by id among cases.
func caseLookup(cases []*casespec.Case) CaseLookup {
	return func(id string) *casespec.Case {
		for _, c := range cases {
			if c.ID == id {
				return c
			}
		}
		return nil
	}
}

// Each sees every batch in input order, whatever the workers, with the records and each
// policy's verdicts (the first with its Detail under DetailFirst; tau-bench and appworld
// one slice), and the verdicts kept are the same without detail. An error from Each stops
// scoring; Each with Others is refused.
func TestScoreEach(t *testing.T) {
	eps, lookup := referenceRepeats(t, 120) // several batches of batchSizeHeavy (Each)
	pols := []oracle.Policy{oracle.SafeAct, oracle.Presets[3], oracle.Presets[4]}
	for _, workers := range []int{1, 3} {
		var seen []string
		withDetail := 0
		each := func(b []*ingest.Episode, vs [][]oracle.Verdict) error {
			if len(vs) != 3 || len(vs[0]) != len(b) || &vs[1][0] != &vs[2][0] {
				t.Fatalf("batch of %d: verdict lists %d × %d, shared %v", len(b), len(vs), len(vs[0]), &vs[1][0] == &vs[2][0])
			}
			for i, ep := range b {
				if ep.Record == nil || vs[0][i].RunID() != ep.RunID || vs[1][i].RunID() != ep.RunID {
					t.Fatalf("episode %s: record %v, verdicts %s, %s", ep.RunID, ep.Record != nil, vs[0][i].RunID(), vs[1][i].RunID())
				}
				if vs[0][i].Detail != nil {
					withDetail++
				}
				if vs[1][i].Detail != nil {
					t.Fatalf("episode %s: detail under %s", ep.RunID, pols[1].Name)
				}
				seen = append(seen, ep.RunID)
			}
			return nil
		}
		s, err := Score(&ingest.SliceSource{Episodes: eps}, lookup, ScoreOptions{Policies: pols, Workers: workers, Each: each, DetailFirst: true})
		if err != nil {
			t.Fatal(err)
		}
		if len(seen) != len(eps) || withDetail != len(eps) {
			t.Fatalf("workers %d: Each saw %d episodes, %d with detail; want %d", workers, len(seen), withDetail, len(eps))
		}
		plain, err := Score(&ingest.SliceSource{Episodes: eps}, lookup, ScoreOptions{Policies: pols, Workers: workers})
		if err != nil {
			t.Fatal(err)
		}
		for i, ep := range eps {
			v, w := s.Verdicts[0][i], plain.Verdicts[0][i]
			if seen[i] != ep.RunID || v.Detail != nil || v.RunID() != w.RunID() || v.ECS() != w.ECS() || v.Outcome() != w.Outcome() {
				t.Fatalf("workers %d, episode %d: order %s, kept detail %v, verdict %v vs %v", workers, i, seen[i], v.Detail != nil, v.Outcome(), w.Outcome())
			}
		}
	}
	stop := errors.New("stop")
	if _, err := Score(&ingest.SliceSource{Episodes: eps}, lookup, ScoreOptions{Policies: pols, Workers: 2,
		Each: func([]*ingest.Episode, [][]oracle.Verdict) error { return stop }}); !errors.Is(err, stop) {
		t.Errorf("Each's error: %v", err)
	}
	if _, err := Score(&ingest.SliceSource{Episodes: eps}, lookup, ScoreOptions{Policies: pols, Others: func(*ingest.Episode) bool { return true },
		Each: func([]*ingest.Episode, [][]oracle.Verdict) error { return nil }}); err == nil {
		t.Error("Each with Others: no error")
	}
}

// realReferences are the real cases (realIDs) and their reference episodes.
func realReferences(t *testing.T) ([]*casespec.Case, []*ingest.Episode) {
	t.Helper()
	var cases []*casespec.Case
	var refs []*ingest.Episode
	for _, id := range realIDs {
		c := realCase(t, id)
		ref, err := oracle.ReferenceEpisode(c)
		if err != nil {
			t.Fatal(err)
		}
		cases, refs = append(cases, c), append(refs, ref)
	}
	return cases, refs
}

// referenceRepeats is each real case's reference episode repeated n times (config A/B,
// run ids CASE-REPEAT), and a lookup of the cases.
func referenceRepeats(t *testing.T, n int) ([]*ingest.Episode, CaseLookup) {
	t.Helper()
	var eps []*ingest.Episode
	cases, refs := realReferences(t)
	for _, ref := range refs {
		for rep := range n {
			e := *ref
			e.Config, e.Repeat, e.RunID = "A/B", rep, fmt.Sprintf("%s-%d", ref.CaseID, rep)
			eps = append(eps, &e)
		}
	}
	return eps, caseLookup(cases)
}

// With Records, Score keeps what the releases are built from instead of the verdicts:
// releases equal, record for record, to those built from the verdicts (costs summed in
// input order included), with policies of equal settings sharing one, and with Others.
func TestScoreRecordsBuildTheSameReleases(t *testing.T) {
	eps, lookup := referenceRepeats(t, 2)
	for i, e := range eps {
		if i%7 == 3 {
			e.Status = ingest.StatusInfraFailure
		}
		if i%3 != 0 {
			e.Usage = &ingest.Usage{CostUSD: float64(i) / 8, WallSeconds: 1e-3 * float64(i), Known: ingest.UsageCost | ingest.UsageWall}
		}
		if i%4 == 1 {
			e.Condition = "scgr_eg"
		}
	}
	pols := []oracle.Policy{oracle.SafeAct, oracle.Presets[3], oracle.Presets[4], oracle.Presets[1]}
	bench := &casespec.Bench{}
	for _, others := range []func(*ingest.Episode) bool{nil, func(e *ingest.Episode) bool { return e.Condition == ingest.DefaultCondition }} {
		opt := ScoreOptions{Policies: pols, Workers: 2, Others: others}
		s, err := Score(&ingest.SliceSource{Episodes: eps}, lookup, opt)
		if err != nil {
			t.Fatal(err)
		}
		want := NewScoredRelease("x", bench, s, nil)
		opt.Records = true
		if s, err = Score(&ingest.SliceSource{Episodes: eps}, lookup, opt); err != nil {
			t.Fatal(err)
		}
		if s.Verdicts != nil {
			t.Error("Records: the verdicts were kept")
		}
		got := NewScoredRelease("x", bench, s, nil)
		if fmt.Sprint(got.Counts) != fmt.Sprint(want.Counts) || got.Counts.Read != len(eps) {
			t.Errorf("counts %+v, want %+v", got.Counts, want.Counts)
		}
		for pi := range pols {
			a, b := got.Releases[pi], want.Releases[pi]
			if !slices.Equal(a.Verdicts, b.Verdicts) || len(a.Verdicts) == 0 {
				t.Errorf("others %v, policy %s: records differ", others != nil, pols[pi].Name)
			}
			if ca, cb := costText(a), costText(b); ca != cb || !strings.Contains(ca, "wall 0.") {
				t.Errorf("policy %s: costs %s, want %s", pols[pi].Name, ca, cb)
			}
			ra, _, xa := a.Coverage()
			rb, _, xb := b.Coverage()
			if fmt.Sprint(ra, xa) != fmt.Sprint(rb, xb) {
				t.Errorf("policy %s: coverage differs", pols[pi].Name)
			}
		}
		if &got.Releases[1].Main()[0] != &got.Releases[2].Main()[0] {
			t.Error("tau-bench and appworld do not share one release's records")
		}
	}
}

// costText prints a release's cost rows and total (without UsageSum's exact-sum state).
func costText(r *Release) string {
	rows, total := r.Costs()
	var b strings.Builder
	for _, c := range append(rows, total) {
		fmt.Fprintf(&b, "%s %d %d %d", c.Config, c.Episodes, c.MainEpisodes, c.MainSuccesses)
		for _, u := range []UsageSum{c.Cost, c.MainCost, c.Input, c.Output, c.Wall} {
			fmt.Fprintf(&b, " %v/%d", u.Sum, u.N)
		}
		fmt.Fprintf(&b, " wall %v\n", c.Wall.Sum)
	}
	return b.String()
}

// countingSource counts the episodes taken from its slice.
type countingSource struct {
	ingest.SliceSource
	taken int
}

func (s *countingSource) Next() (*ingest.Episode, error) {
	ep, err := s.SliceSource.Next()
	if err == nil {
		s.taken++
	}
	return ep, err
}

// After a batch fails, Score reads and scores no further than the batches in flight, and
// the error it returns is the first in input order, whatever the workers: here two
// unknown cases, in the second batch and in the fourth.
func TestScoreStopsAtTheFirstFailure(t *testing.T) {
	eps, lookup := referenceRepeats(t, 1600) // about 30 batches of batchSizeHeavy (Each)
	eps = slices.Clone(eps)
	for _, i := range []int{batchSizeHeavy + 7, 3*batchSizeHeavy + 1} {
		e := *eps[i]
		e.CaseID, e.Source, e.Line = fmt.Sprintf("no-such-case-%d", i), "runs.jsonl", i+1
		eps[i] = &e
	}
	if len(eps) < 30*batchSizeHeavy {
		t.Fatalf("%d episodes: too few batches for the test", len(eps))
	}
	for _, workers := range []int{1, 2, 4} {
		for range 3 {
			src := &countingSource{SliceSource: ingest.SliceSource{Episodes: eps}}
			_, err := Score(src, lookup, ScoreOptions{Policies: []oracle.Policy{oracle.SafeAct}, Workers: workers,
				Each: func([]*ingest.Episode, [][]oracle.Verdict) error { return nil }})
			want := fmt.Sprintf(`runs.jsonl:%d: case_id: unknown case id "no-such-case-%d"`, batchSizeHeavy+8, batchSizeHeavy+7)
			if err == nil || err.Error() != want {
				t.Fatalf("workers %d: error %v, want %s", workers, err, want)
			}
			if limit := (4 + 3*workers) * batchSizeHeavy; src.taken > limit {
				t.Errorf("workers %d: read %d of %d episodes after the second batch failed (at most %d in flight)", workers, src.taken, len(eps), limit)
			}
		}
	}
}
