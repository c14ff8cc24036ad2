package analysis

import (
	"fmt"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/bootstrap"
	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/casespec"
	"github.com/sabench/sabench-stats/oracle"
)

// TestAggregatesReadAsTheRecords builds one scored release with a record per episode and
// one of aggregates (Scored.Aggregate: lean ones for the policies after the first, full
// ones for the first), and checks that everything the policy comparison reads of them is
// the same: the policies table's rows (ECS, Δ, ranks, rank sets, lost successes), T2's
// summaries and intervals under each policy, and the benchmark's verdict beside the
// oracle's; and that the aggregates are fewer than the episodes.
// TestFirstAggregatesReadAsTheRecords checks the rest of what the first release serves.
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
	if n := len(agg.Releases[0].Verdicts); n == 0 || n >= len(verdicts[0]) {
		t.Errorf("the first policy keeps %d aggregates of %d episodes", n, len(verdicts[0]))
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
				sums[i].Repeats, sums[i].RepeatECS, sums[i].RepeatStd = nil, nil, 0 // a lean aggregate has no repeat
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

// TestFirstAggregatesReadAsTheRecords builds the first release of one scoring with a
// record per episode and with full aggregates (Scored.Aggregate), and checks that every
// table's builder reads the same from both: the summaries with their per-repeat ECS, T3
// and its intervals, the variance table (pass^k, spreads, noise floor), the failure
// mixes, coverage, costs, static against interactive, the strategy and intervention
// comparisons, the harness pairs, compare, the power pilot, the domain cells, the
// official rows and the listed runs. The episodes vary in every field a record keeps;
// some repeat a (configuration, condition, case, repeat), and some have a repeat outside
// a repeat set's bitmap.
func TestFirstAggregatesReadAsTheRecords(t *testing.T) {
	var cases []*casespec.Case
	var ids []string
	for i := range 10 {
		id := fmt.Sprintf("SAB-V%d-%03d", i%5, i)
		cases = append(cases, &casespec.Case{ID: id, BaseID: id, Protocol: ingest.Protocol(i % 5), Domain: PaperDomains[i%4]})
		ids = append(ids, id)
	}
	// A case with a withheld variant, so that the interventions table counts the episodes
	// that looked before acting.
	base, variant, bit := withheldVariant(t)
	cases = append(cases, base, variant)
	ids = append(ids, base.ID)
	sets := map[string][]string{"interventions_v1": ids[2:], "t9": ids[:7]}
	pols := []oracle.Policy{oracle.SafeAct, oracle.Presets[1]}
	hash := func(xs ...int) int { // a fixed scramble of the episode's coordinates
		h := 17
		for _, x := range xs {
			h = (h*31 + x) % 1000003
		}
		return h
	}
	var vs []oracle.Verdict
	// An episode is one of three patterns of its configuration, condition and case (two
	// for most), so that repeats are alike; the patterns differ in every field.
	add := func(cfg, model, harness string, c *casespec.Case, ci, rep int, cond string, static bool) {
		p := hash(int(cfg[0]), ci, rep, len(cond)) % 3
		if p == 2 && ci%2 == 0 {
			p = 1
		}
		h := hash(int(cfg[0]), ci, len(cond), p)
		id := c.ID
		if c == base && cond == "withheld" {
			id = variant.ID
		}
		vs = append(vs, oracle.Fields{RunID: fmt.Sprintf("run-%d", len(vs)), Config: cfg, Model: model, Harness: harness, CaseID: id, BaseCaseID: c.BaseID,
			Protocol: c.Protocol, Domain: c.Domain, Repeat: rep, Condition: cond, Excluded: p == 2 && h%2 == 0, ExclusionReason: []string{"infra_failure", "harness_failure"}[h%2],
			Static: static, ECS: p == 0, FailureType: oracle.FailureTypes[h%len(oracle.FailureTypes)], Attempted: h%3 != 0,
			CompleteAtFirstAttempt: h%4 < 2, CoverageComplete: h%6 < 3, MissingAtCheckpoint: h%7 < 2, ExecutedCommits: h % 3,
			ToolsBeforeAttempt: []uint64{0, bit, ^bit, bit | 1}[(h+p)%4], Official: int8(h%3 - 1)}.Verdict())
	}
	for rep := range 6 {
		for ci, c := range cases[:len(cases)-1] { // the variant's episodes are its base's, withheld
			for _, x := range [][3]string{{"A", "m1", "family"}, {"B", "m1", "shared"}, {"C", "m2", "shared"}} {
				add(x[0], x[1], x[2], c, ci, rep, ingest.DefaultCondition, false)
				if rep < 3 {
					add(x[0], x[1], x[2], c, ci, rep, "scgr_eg", false)
					add(x[0], x[1], x[2], c, ci, rep, "withheld", false)
					add(x[0], x[1], x[2], c, ci, rep, ingest.DefaultCondition, c.Protocol != ingest.Legacy)
				}
			}
		}
	}
	// The same repeat twice, and repeats outside the bitmap.
	// (Even cases are never excluded.)
	add("A", "m1", "family", cases[4], 4, 2, ingest.DefaultCondition, false)
	add("B", "m1", "shared", cases[4], 4, repeatBitmapMax+5, ingest.DefaultCondition, false)
	add("C", "m2", "shared", cases[2], 2, -1, ingest.DefaultCondition, false)

	verdicts := [][]oracle.Verdict{vs, vs}
	o := StatOptions{Resamples: 200, Seed: 1, Level: 0.95}
	bench := &casespec.Bench{Cases: cases, Sets: sets}
	whole := NewScoredRelease("t", bench, &Scored{Policies: pols, Verdicts: verdicts}, nil)
	agg := NewScoredRelease("t", bench, &Scored{Policies: pols, Verdicts: verdicts, Aggregate: true}, nil)
	if n := len(agg.Releases[0].Verdicts); n == 0 || 3*n > 2*len(vs) {
		t.Errorf("the first policy keeps %d aggregates of %d episodes", n, len(vs))
	}
	ch := Choices{SharedHarness: "shared", StrategyAll: "scgr_eg", SetT9: "t9", SetInterventions: "interventions_v1"}
	looked := false // some acted episodes looked first, not all
	show := func(r *Release) []string {
		var out []string
		say := func(name string, x ...any) { out = append(out, fmt.Sprintf("%s: %v", name, x)) }
		must := func(err error) {
			t.Helper()
			if err != nil {
				t.Fatal(err)
			}
		}
		say("configs", r.Configs(), r.Harnesses(), r.ModelOf(), r.Conditions(""), r.Conditions("A"), r.ProtocolsPresent(), r.HarnessPairs(ch))
		say("summaries", r.Summarize(r.Main()), r.Summarize(r.Main(), Executable))
		cis, err := r.SummaryIntervals(o)
		must(err)
		say("intervals", cis)
		say("T3", r.Diagnose(r.Main()))
		d, err := r.DiagnoseCI(r.Main(), o)
		must(err)
		say("T3 CI", d)
		rows, err := r.RepeatVariation(r.Main(), []int{1, 2, 3, 6}, bootstrap.PassKPlanned, Executable)
		must(err)
		spreads, err := r.RepeatSpreads(r.Main(), rows, o, Executable)
		must(err)
		say("variance", rows, spreads)
		say("failures", r.FailureMixes(r.Main()))
		cov, reasons, total := r.Coverage()
		costs, costTotal := r.Costs()
		say("coverage", cov, reasons, total, costs, costTotal)
		st, n, ok, err := r.StaticVsInteractive("t9", "T9", o)
		must(err)
		say("static", st, n, ok)
		for _, legacy := range []bool{true, false} {
			sr, ok, err := r.StrategyComparison("scgr_eg", legacy, o)
			must(err)
			say("strategy", sr, ok)
		}
		iv, ok, err := r.Interventions("interventions_v1", o)
		must(err)
		say("interventions", iv, ok)
		n, of := 0, 0
		for _, row := range iv {
			n, of = n+row.Looked, of+row.LookedOf
		}
		looked = n > 0 && n < of
		hc, err := r.HarnessComparison(ch, o)
		must(err)
		say("harness", hc, r.HarnessDisagreement(ch))
		for _, s := range []CompareSpec{{A: "A", B: "C", Condition: ingest.DefaultCondition}, {Conditions: true, Config: "B", A: "scgr_eg", B: ingest.DefaultCondition}} {
			cs, err := r.Compare(s, o)
			must(err)
			say("compare", cs, r.PowerPilot(s))
		}
		protos, cells, dis, err := r.DomainIntervals(DomainFilter{}, o)
		must(err)
		for _, c := range cells {
			say("domain cell", c.Config, c.Domain, c.All)
			for _, x := range c.ByProtocol {
				if x != nil {
					say("domain cell protocol", *x)
				}
			}
		}
		say("domains", protos, dis)
		off, err := r.OfficialVsOracle(r.Main(), []int{1, 2, 3}, o)
		must(err)
		say("official", off, r.OfficialPassedUnauthorized())
		return out
	}
	got, want := show(agg.Releases[0]), show(whole.Releases[0])
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("from aggregates:\n%s\nfrom records:\n%s", got[i], want[i])
		}
	}
	if !looked {
		t.Error("no intervention row counts the episodes that looked before acting")
	}
	if all := strings.Join(want, "\n"); !strings.Contains(all, fmt.Sprint([]int{-1, 0, 1, 2, 3, 4, 5})) || !strings.Contains(all, fmt.Sprint([]int{0, 1, 2, 3, 4, 5, repeatBitmapMax + 5})) {
		t.Errorf("the summaries do not list the repeats outside the bitmap:\n%s", all)
	}
}

// TestRepeatSets checks a repeat set's bitmap and its list: each repeat added comes back
// once per time it was added, the bitmap's in order, then the others in the order added.
func TestRepeatSets(t *testing.T) {
	var s repeatSets
	i, j := s.grow(), s.grow()
	for _, rep := range []int32{5, 0, 63, 64, 5, repeatBitmapMax, -3, 200} {
		s.add(i, rep)
	}
	s.add(j, 1)
	if got, want := fmt.Sprint(s.appendTo(nil, i)), fmt.Sprint([]int32{0, 5, 63, 64, 200, 5, repeatBitmapMax, -3}); got != want {
		t.Errorf("set %d: %s, want %s", i, got, want)
	}
	if got := fmt.Sprint(s.appendTo([]int32{9}, j)); got != "[9 1]" {
		t.Errorf("set %d after 9: %s, want [9 1]", j, got)
	}
}
