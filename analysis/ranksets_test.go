package analysis

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/bootstrap"
	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/casespec"
	"github.com/sabench/sabench-stats/oracle"
)

// rankRelease: over 40 cases, A always succeeds, B never, C and D on the same 20 cases
// (identical outcomes, so their difference is 0 in every replicate).
func rankRelease() *Release {
	var cases []*casespec.Case
	var vs []oracle.Verdict
	for i := range 40 {
		id := fmt.Sprintf("SAB-V1-%03d", i+1)
		cases = append(cases, &casespec.Case{ID: id, BaseID: id, Protocol: ingest.V1, Domain: "ops_code_agent"})
		for _, c := range []struct {
			name string
			ok   bool
		}{{"A", true}, {"B", false}, {"C", i%2 == 0}, {"D", i%2 == 0}} {
			vs = append(vs, v(c.name, id, ingest.V1, "ops_code_agent", 0, c.ok))
		}
	}
	return NewRelease(cases, nil, vs, oracle.SafeAct)
}

func TestRankSetsSeparateAndTie(t *testing.T) {
	r := rankRelease()
	o := DefaultStatOptions()
	o.Resamples = 400
	cr, err := r.RankSets(o)
	if err != nil {
		t.Fatal(err)
	}
	// A is significantly best and B worst in every replicate; C and D cannot be ordered.
	if want := []int{1, 4, 2, 2}; !reflect.DeepEqual(cr.Rank, want) {
		t.Errorf("ranks %v, want %v", cr.Rank, want)
	}
	want := []bootstrap.RankSet{{Lo: 1, Hi: 1}, {Lo: 4, Hi: 4}, {Lo: 2, Hi: 3}, {Lo: 2, Hi: 3}}
	if !reflect.DeepEqual(cr.Sets, want) {
		t.Errorf("sets %v, want %v", cr.Sets, want)
	}
	if want := [][]int{{0}, {2, 3}, {1}}; !reflect.DeepEqual(cr.Groups, want) {
		t.Errorf("tie groups %v, want %v", cr.Groups, want)
	}
	if cr.Units != 40 || cr.Used != 400 || cr.Requested != 400 || cr.Level != 0.95 {
		t.Errorf("units %d used %d level %v", cr.Units, cr.Used, cr.Level)
	}
	// The policy comparison's sets for the baseline are the same draw.
	pc := NewPolicyComparison([]*Release{r})
	pcr, err := pc.RankSets(r, o)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(pcr, cr) {
		t.Errorf("policy comparison rank sets %+v differ from the release's %+v", pcr, cr)
	}
}

// TestRankSetsComputedOnce: a policy's rank sets are drawn once, whether the release
// asks (T2, the viewer's leaderboard) or the policy comparison does (the policies table,
// the rank figure), and the shared result is the one drawn with the release's own
// numbering of the units.
func TestRankSetsComputedOnce(t *testing.T) {
	r := rankRelease()
	tb, err := oracle.LookupPolicy("tau-bench")
	if err != nil {
		t.Fatal(err)
	}
	// Another policy's release of the same episodes, with its own unit table.
	other := releaseOfRecords(r, r.Verdicts, tb)
	pc := NewPolicyComparison([]*Release{r, other})
	o := DefaultStatOptions()
	o.Resamples = 200
	for _, rel := range []*Release{r, other} {
		viaPC, err := pc.RankSets(rel, o)
		if err != nil {
			t.Fatal(err)
		}
		o.Workers = 3 // the workers never change the draw, nor the cache entry
		viaRelease, err := rel.RankSets(o)
		o.Workers = 0
		if err != nil {
			t.Fatal(err)
		}
		if viaPC != viaRelease {
			t.Errorf("%s: the comparison's and the release's rank sets were drawn twice", rel.Policy.Name)
		}
		fresh, err := rankSets(rel.configs, rel.mainOf, rel.unitIDs(false), o, rankStream)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(fresh, viaPC) {
			t.Errorf("%s: cached rank sets %+v, drawn afresh %+v", rel.Policy.Name, viaPC, fresh)
		}
	}
}

func TestRankSetsWithoutResamples(t *testing.T) {
	o := DefaultStatOptions()
	o.Resamples = 0
	cr, err := rankRelease().RankSets(o)
	if err != nil {
		t.Fatal(err)
	}
	if cr.Rank[0] != 1 || cr.Has(0) || cr.Groups != nil || cr.Used != 0 {
		t.Errorf("no resamples: %+v", cr)
	}
}

func TestDistinctJoinsIdenticalSettings(t *testing.T) {
	r := rankRelease()
	tb, err := oracle.LookupPolicy("tau-bench")
	if err != nil {
		t.Fatal(err)
	}
	aw, err := oracle.LookupPolicy("appworld")
	if err != nil {
		t.Fatal(err)
	}
	if tb.Hash() != aw.Hash() {
		t.Skip("tau-bench and appworld no longer share settings")
	}
	rels := []*Release{r, releaseOfRecords(r, r.Verdicts, tb), releaseOfRecords(r, r.Verdicts, aw)}
	g := NewPolicyComparison(rels).Distinct()
	if len(g) != 2 || g[1].Label() != "tau-bench/appworld" || g[1].Release != rels[1] {
		t.Fatalf("distinct groups: %+v", g)
	}
	o := DefaultStatOptions()
	o.Resamples = 50
	res, err := NewPolicyComparison(rels).Compare(o)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Rows) != 2 || res.Rows[1].Label() != "tau-bench/appworld" {
		t.Errorf("rows: %d, second %q", len(res.Rows), res.Rows[1].Label())
	}
}

// TestRanksIgnoreInputOrder: the rank sets and the policy comparison's rank correlations
// draw their resamples over units in sorted order of their names, so the same episodes
// read in another order give the same sets, intervals and caveats. Two configurations
// with close rates make some replicates tie, so which replicates have no τ-b depends on
// the draw (drawing over units in order of first sight failed this).
func TestRanksIgnoreInputOrder(t *testing.T) {
	build := func(reversed, other bool) *Release {
		var cases []*casespec.Case
		var vs []oracle.Verdict
		for i := range 30 {
			id := fmt.Sprintf("SAB-V1-%03d", i+1)
			cases = append(cases, &casespec.Case{ID: id, BaseID: id, Protocol: ingest.V1, Domain: "ops_code_agent"})
		}
		for k := range cases {
			i := k
			if reversed {
				i = len(cases) - 1 - k
			}
			id := cases[i].ID
			for _, c := range []struct {
				name string
				ok   bool
			}{{"A", i%3 != 0}, {"B", i%3 != 1 && !(other && i%7 == 0)}} {
				vs = append(vs, v(c.name, id, ingest.V1, "ops_code_agent", 0, c.ok))
			}
		}
		pol := oracle.SafeAct
		if other {
			pol = oracle.Presets[1]
		}
		return NewRelease(cases, nil, vs, pol)
	}
	o := DefaultStatOptions()
	o.Resamples = 200
	var got [2]string
	for k, rev := range []bool{false, true} {
		cr, err := build(rev, false).RankSets(o)
		if err != nil {
			t.Fatal(err)
		}
		res, err := NewPolicyComparison([]*Release{build(rev, false), build(rev, true)}).Compare(o)
		if err != nil {
			t.Fatal(err)
		}
		got[k] = fmt.Sprintf("rank sets %v %v %v\n", cr.Rank, cr.Sets, cr.Groups)
		for _, row := range res.Rows {
			got[k] += fmt.Sprintf("%s: τ-b %+v ρ %+v\n", row.Label(), row.Tau, row.Rho)
		}
	}
	if got[0] != got[1] {
		t.Errorf("the ranks depend on the input's order:\n%s\nreversed:\n%s", got[0], got[1])
	}
	if !strings.Contains(got[0], "non_finite") {
		t.Errorf("no replicate tied, so the draw's order is not tested:\n%s", got[0])
	}
}
