package analysis

import (
	"fmt"
	"testing"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/casespec"
	"github.com/sabench/sabench-stats/oracle"
)

// TestAggregatesReadAsTheRecords builds one scored release with a record per episode and
// one whose policies after the first keep aggregates (Scored.Aggregate), and checks that
// everything the policy comparison reads of them is the same: the policies table's rows
// (ECS, Δ, ranks, rank sets, lost successes), T2's summaries and intervals under each
// policy, and the benchmark's verdict beside the oracle's; and that the aggregates are
// fewer than the episodes.
func TestAggregatesReadAsTheRecords(t *testing.T) {
	var cases []*casespec.Case
	for i := range 8 {
		id := fmt.Sprintf("SAB-V%d-%03d", i%2, i)
		cases = append(cases, &casespec.Case{ID: id, BaseID: id, Protocol: ingest.Protocol(1 + i%2), Domain: PaperDomains[i%3]})
	}
	pols := []oracle.Policy{oracle.SafeAct, oracle.Presets[1], oracle.Presets[3], oracle.Presets[4]}
	// Each policy's verdicts: the same episodes (every configuration × case × repeat, main
	// and another condition, an excluded and a static one), ECS and the official verdict
	// varying with the episode and the policy.
	verdicts := make([][]oracle.Verdict, len(pols))
	for pi := range pols[:3] {
		n := 0
		for _, cfg := range []string{"A", "B", "C"} {
			for rep := range 6 {
				for ci, c := range cases {
					for _, cond := range []string{ingest.DefaultCondition, "scgr_eg"} {
						n++
						verdicts[pi] = append(verdicts[pi], oracle.Fields{Config: cfg, Model: "m-" + cfg, Harness: "h", CaseID: c.ID, BaseCaseID: c.BaseID,
							Protocol: c.Protocol, Domain: c.Domain, Repeat: rep, Condition: cond, Excluded: n%17 == 0, ExclusionReason: "infra_failure",
							Static: n%23 == 0, ECS: (n*7+ci+pi*rep)%5 < 2+pi, Official: int8(ci%3 - 1)}.Verdict())
					}
				}
			}
		}
	}
	verdicts[3] = verdicts[2] // tau-bench and appworld: the same settings, one slice
	o := StatOptions{Resamples: 200, Seed: 1, Level: 0.95}
	bench := &casespec.Bench{Cases: cases}
	whole := NewScoredRelease("t", bench, &Scored{Policies: pols, Verdicts: verdicts}, nil)
	agg := NewScoredRelease("t", bench, &Scored{Policies: pols, Verdicts: verdicts, Aggregate: true}, nil)

	if n, m := len(agg.Releases[1].Verdicts), len(whole.Releases[1].Main()); n == 0 || n*2 > m {
		t.Errorf("near-miss keeps %d aggregates of %d main episodes", n, m)
	}
	if len(agg.Releases[0].Verdicts) != len(verdicts[0]) {
		t.Errorf("the first policy keeps %d records of %d episodes", len(agg.Releases[0].Verdicts), len(verdicts[0]))
	}
	show := func(sr *ScoredRelease) string {
		res, err := NewPolicyComparison(sr.Releases).Compare(o)
		if err != nil {
			t.Fatal(err)
		}
		s := ""
		for _, row := range res.Rows {
			s += fmt.Sprintf("%s ECS %v CI %v Δ %v ranks %v τ %v ρ %v changed %d lost %d gain %v sets %v %v\n", row.Label(), row.ECS, row.ECSCI,
				row.Delta, row.Ranks, row.Tau, row.Rho, row.Changed, row.Lost, row.MeanGain, row.RankSets.Sets, row.RankSets.Rank)
		}
		for _, r := range sr.Releases {
			sums := r.Summarize(r.Main())
			for i := range sums {
				sums[i].Repeats, sums[i].RepeatECS, sums[i].RepeatStd = nil, nil, 0 // an aggregate has no repeat
			}
			cis, err := r.SummaryIntervals(o)
			if err != nil {
				t.Fatal(err)
			}
			off, err := r.OfficialVsOracle(r.Main(), []int{1, 2}, o)
			if err != nil {
				t.Fatal(err)
			}
			s += fmt.Sprintf("%s: %v\n%v\n%v\nmodels %v configs %v\n", r.Policy.Name, sums, cis, off, r.ModelOf(), r.Configs())
		}
		return s
	}
	got, want := show(agg), show(whole)
	if got != want {
		t.Errorf("with aggregates:\n%s\nwith records:\n%s", got, want)
	}
	// The lost successes, counted while the records were made, against a count of the
	// verdicts themselves.
	lost := 0
	for i := range verdicts[0] {
		a, b := &verdicts[0][i], &verdicts[1][i]
		if !a.Excluded() && !a.Static() && a.Condition() == ingest.DefaultCondition && a.ECS() && !b.ECS() {
			lost++
		}
	}
	if l := lostSuccesses(agg.Releases[0], agg.Releases[1]); l != lost || lost == 0 {
		t.Errorf("lost successes %d, want %d (> 0)", l, lost)
	}
}
