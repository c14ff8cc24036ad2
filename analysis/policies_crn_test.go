package analysis

import (
	"fmt"
	"testing"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/casespec"
	"github.com/sabench/sabench-stats/oracle"
)

// TestPoliciesWithEqualVerdictsGetEqualRows: policies with different settings that score
// every episode alike print the same rank sets, Δ intervals and rank correlations, since
// every policy draws the same resampled cases for a statistic. On 12 cases with close
// rates the sets and intervals depend on the draw: with a stream per settings hash,
// tau-lenient's and tau-reads' rank sets, Δ intervals and correlations differed here.
func TestPoliciesWithEqualVerdictsGetEqualRows(t *testing.T) {
	var cases []*casespec.Case
	var base, other []oracle.Verdict
	configs := []string{"A", "B", "C", "D", "E"}
	for i := range 12 {
		id := fmt.Sprintf("SAB-V1-%03d", i+1)
		cases = append(cases, &casespec.Case{ID: id, BaseID: id, Protocol: ingest.V1, Domain: "ops_code_agent"})
		for j, c := range configs {
			for rep := range 3 {
				ok := (i*7+j*5+rep*3)%11 < 6+j%3
				base = append(base, v(c, id, ingest.V1, "ops_code_agent", rep, ok))
				// The other policies accept some episodes the baseline rejects.
				other = append(other, v(c, id, ingest.V1, "ops_code_agent", rep, ok || (i+j+rep)%4 == 0))
			}
		}
	}
	pol := func(name string) oracle.Policy {
		p, err := oracle.LookupPolicy(name)
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	r := NewRelease(cases, nil, base, oracle.SafeAct)
	rels := []*Release{r,
		releaseOfRecords(r, recordsOf(base), pol("near-miss")), // the baseline's verdicts, other settings
		releaseOfRecords(r, recordsOf(other), pol("tau-lenient")),
		releaseOfRecords(r, recordsOf(other), pol("tau-reads")),
	}
	o := DefaultStatOptions()
	o.Resamples = 200
	o.Seed = 8
	res, err := NewPolicyComparison(rels).Compare(o)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Rows) != 4 {
		t.Fatalf("%d rows, want 4", len(res.Rows))
	}
	same := func(a, b PolicyRow, what string, x, y any) {
		t.Helper()
		if fx, fy := fmt.Sprintf("%+v", x), fmt.Sprintf("%+v", y); fx != fy {
			t.Errorf("%s: %s %s, %s %s", what, a.Label(), fx, b.Label(), fy)
		}
	}
	b, nm, tl, tr := res.Rows[0], res.Rows[1], res.Rows[2], res.Rows[3]
	same(b, nm, "rank sets", b.RankSets, nm.RankSets)
	same(b, nm, "ECS intervals", b.ECSCI, nm.ECSCI)
	same(tl, tr, "rank sets", tl.RankSets, tr.RankSets)
	same(tl, tr, "ECS intervals", tl.ECSCI, tr.ECSCI)
	same(tl, tr, "Δ", tl.Delta, tr.Delta)
	same(tl, tr, "τ-b", tl.Tau, tr.Tau)
	same(tl, tr, "ρ", tl.Rho, tr.Rho)
	// The draw matters here: the sets are wide and the intervals open.
	wide := 0
	for j := range tl.RankSets.Sets {
		if s := tl.RankSets.Sets[j]; s.Hi > s.Lo {
			wide++
		}
	}
	if wide == 0 || !(tl.Delta[0].Lo < tl.Delta[0].Hi) || !(tl.Tau.Lo < tl.Tau.Hi) {
		t.Errorf("degenerate example: %d wide rank sets, Δ %+v, τ-b %+v", wide, tl.Delta[0], tl.Tau)
	}
}
