package analysis

import (
	"testing"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/oracle"
)

// Scoring reconciles its counts, keeps input order whatever the workers, and gives
// policies with equal settings equal verdicts under their own names.
func TestScoreOrderCountsAndSharedSettings(t *testing.T) {
	var eps []*ingest.Episode
	var cases []*ingest.Case
	for _, id := range realIDs {
		c := realCase(t, id)
		cases = append(cases, c)
		ref, err := oracle.ReferenceEpisode(c)
		if err != nil {
			t.Fatal(err)
		}
		for rep := 0; rep < 3; rep++ {
			e := *ref
			e.Config, e.Repeat, e.RunID = "A/B", rep, id+"-"+string(rune('0'+rep))
			if rep == 2 && id == "SAB-V1-001" {
				e.Status = ingest.StatusInfraFailure
			}
			eps = append(eps, &e)
		}
	}
	lookup := caseLookup(cases)
	pols := []oracle.Policy{oracle.SafeAct, oracle.Presets[3], oracle.Presets[4]} // tau-bench, appworld
	run := func(workers int, infraFail bool) *Scored {
		s, err := Score(&sliceSource{eps: eps}, lookup, ScoreOptions{Policies: pols, Workers: workers, InfraFailuresFail: infraFail})
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
	var cases []*ingest.Case
	for i, id := range realIDs {
		c := realCase(t, id)
		cases = append(cases, c)
		ref, err := oracle.ReferenceEpisode(c)
		if err != nil {
			t.Fatal(err)
		}
		e := *ref
		e.RunID = id
		if i%2 == 1 {
			e.Condition = "scgr_eg"
		}
		eps = append(eps, &e)
	}
	lookup := caseLookup(cases)
	pols := []oracle.Policy{oracle.SafeAct, oracle.Presets[1]}
	full, err := Score(&sliceSource{eps: eps}, lookup, ScoreOptions{Policies: pols, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	main := func(ep *ingest.Episode) bool { return ep.Condition == "main" }
	part, err := Score(&sliceSource{eps: eps}, lookup, ScoreOptions{Policies: pols, Workers: 2, Others: main})
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
func caseLookup(cases []*ingest.Case) CaseLookup {
	return func(id string) *ingest.Case {
		for _, c := range cases {
			if c.ID == id {
				return c
			}
		}
		return nil
	}
}
