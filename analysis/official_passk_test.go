package analysis

import (
	"path/filepath"
	"testing"

	"github.com/sabench/sabench-stats/bootstrap"
	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/casespec"
	"github.com/sabench/sabench-stats/ingest/tau"
	"github.com/sabench/sabench-stats/oracle"
)

// TestOfficialPassKShareOneDraw: on the shared τ-bench trajectories (25 tasks × 4 trials,
// every trial scored) the planned and per-case conventions give the same pass^k values, and
// the rows of a configuration, printed side by side, resample the same tasks: equal values
// get equal intervals.
func TestOfficialPassKShareOneDraw(t *testing.T) {
	rel := tauAirlineRelease(t, nil)
	rows, err := rel.OfficialVsOracle(rel.Main(), []int{1, 2, 3, 4}, DefaultStatOptions())
	if err != nil || len(rows) != 1 || len(rows[0].PassK) != 8 {
		t.Fatalf("%+v %v", rows, err)
	}
	byK := map[int][]OfficialPassK{}
	for _, pk := range rows[0].PassK {
		byK[pk.K] = append(byK[pk.K], pk)
	}
	// pass^1 of the reward over the file is 53/100; authorized success 48/100.
	if pk := byK[1][0]; pk.Official.X != 0.53 || pk.Oracle.X != 0.48 {
		t.Errorf("pass^1: reward %v, authorized %v", pk.Official.X, pk.Oracle.X)
	}
	for k, pks := range byK {
		p, c := pks[0], pks[1]
		if p.Convention != bootstrap.PassKPlanned || c.Convention != bootstrap.PassKPerCase {
			t.Fatalf("k=%d: conventions %v %v", k, p.Convention, c.Convention)
		}
		for _, e := range [][2]Estimate{{p.Official, c.Official}, {p.Oracle, c.Oracle}} {
			if e[0].X != e[1].X || e[0].Lo != e[1].Lo || e[0].Hi != e[1].Hi {
				t.Errorf("k=%d: planned %v [%v, %v], per-case %v [%v, %v]", k, e[0].X, e[0].Lo, e[0].Hi, e[1].X, e[1].Lo, e[1].Hi)
			}
		}
	}
}

// tauAirlineRelease is the shared τ-bench trajectories (25 airline tasks × 4 trials) scored
// under tau-strict, the episodes keep accepts (all when keep is nil).
func tauAirlineRelease(t *testing.T, keep func(*ingest.Episode) bool) *Release {
	t.Helper()
	r, err := tau.ReadFile(filepath.Join("..", "ingest", "tau", "testdata", "gpt-4o-airline-tasks25-49.json"), tau.Options{Config: "gpt-4o/tool-calling"})
	if err != nil || len(r.Problems) > 0 {
		t.Fatalf("%v %v", err, r.Problems)
	}
	b, err := tau.LoadBench("tau-bench:airline", casespec.BenchOptions{})
	if err != nil {
		t.Fatal(err)
	}
	pol, err := oracle.LookupPolicy("tau-strict")
	if err != nil {
		t.Fatal(err)
	}
	prep := map[string]*oracle.Prepared{}
	for _, c := range b.Cases {
		if prep[c.ID], err = oracle.Prepare(c); err != nil {
			t.Fatal(err)
		}
	}
	var vs []oracle.Verdict
	for _, ep := range r.Episodes {
		if keep == nil || keep(ep) {
			vs = append(vs, prep[ep.CaseID].Score(ep, pol, false))
		}
	}
	return NewRelease(b.Cases, nil, vs, pol)
}
