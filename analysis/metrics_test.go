package analysis

import (
	"fmt"
	"math"
	"testing"

	"github.com/sabench/sabench-stats/bootstrap"
	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/casespec"
	"github.com/sabench/sabench-stats/oracle"
)

func near(a, b float64) bool { return math.Abs(a-b) < 1e-12 }

// v builds a scored main-condition verdict.
func v(config, caseID string, p ingest.Protocol, domain string, rep int, ecs bool) oracle.Verdict {
	ft := ""
	if !ecs {
		ft = "wrong_action"
	}
	return oracle.Fields{Config: config, CaseID: caseID, BaseCaseID: caseID, Protocol: p, Domain: domain,
		Repeat: rep, Condition: "main", Status: "completed", ECS: ecs, FailureType: ft, FirstAttemptIndex: -1}.Verdict()
}

// with returns x changed by set.
func with(x oracle.Verdict, set func(*oracle.Fields)) oracle.Verdict {
	f := x.Fields()
	set(&f)
	return f.Verdict()
}

func TestSummarizePoolsRepeatsAndMacroAverages(t *testing.T) {
	cases := []*casespec.Case{
		{ID: "SAB-V0-001", Protocol: ingest.V0, Domain: "ops_code_agent"},
		{ID: "SAB-V1-001", Protocol: ingest.V1, Domain: "customer_policy_qa"},
	}
	vs := []oracle.Verdict{
		// repeat 0: 2/2, repeat 1: 1/2, repeat 2: 0/2
		v("A", "SAB-V0-001", ingest.V0, "ops_code_agent", 0, true),
		v("A", "SAB-V1-001", ingest.V1, "customer_policy_qa", 0, true),
		v("A", "SAB-V0-001", ingest.V0, "ops_code_agent", 1, true),
		v("A", "SAB-V1-001", ingest.V1, "customer_policy_qa", 1, false),
		v("A", "SAB-V0-001", ingest.V0, "ops_code_agent", 2, false),
		v("A", "SAB-V1-001", ingest.V1, "customer_policy_qa", 2, false),
	}
	r := NewRelease(cases, nil, vs, oracle.SafeAct)
	if got := r.Domains(); len(got) != 2 || got[0] != "customer_policy_qa" || got[1] != "ops_code_agent" {
		t.Fatalf("domains in paper order: %v", got)
	}
	s := r.Summarize(recordsOf(vs))
	if len(s) != 1 {
		t.Fatalf("%d summaries", len(s))
	}
	a := s[0]
	if a.Overall != (Rate{3, 6}) {
		t.Errorf("overall %+v, want 3/6", a.Overall)
	}
	if a.ByProtocol[ingest.V0] != (Rate{2, 3}) || a.ByProtocol[ingest.V1] != (Rate{1, 3}) {
		t.Errorf("by protocol %+v", a.ByProtocol)
	}
	// P-M averages the protocols that have episodes: (2/3 + 1/3)/2.
	if !near(a.PM, 0.5) || !near(a.DM, 0.5) {
		t.Errorf("PM %v DM %v, want 0.5", a.PM, a.DM)
	}
	// Per-repeat ECS 1, 0.5, 0: sample std = 0.5.
	if len(a.RepeatECS) != 3 || !near(a.RepeatECS[1], 0.5) || !near(a.RepeatStd, 0.5) {
		t.Errorf("repeats %v std %v", a.RepeatECS, a.RepeatStd)
	}
}

func TestDiagnoseAveragesWithinRepeats(t *testing.T) {
	mk := func(rep int, attempted, complete, ecs bool) oracle.Verdict {
		x := v("A", "SAB-V1-001", ingest.V1, "d", rep, ecs)
		return with(x, func(f *oracle.Fields) { f.Attempted, f.CompleteAtFirstAttempt = attempted, complete })
	}
	vs := []oracle.Verdict{
		// repeat 0: 2 attempts, 1 premature → PAR 0.5; CAS 1/1
		mk(0, true, false, false), mk(0, true, true, true), mk(0, false, false, false),
		// repeat 1: 1 attempt, premature → PAR 1; CAS undefined in this repeat
		mk(1, true, false, false),
	}
	// V0: repeat 0 stops early once in 2 (BSR 0.5); repeat 1 never (0).
	v0 := func(rep int, attempted, cov bool) oracle.Verdict {
		x := v("A", "SAB-V0-001", ingest.V0, "d", rep, false)
		return with(x, func(f *oracle.Fields) { f.Attempted, f.CoverageComplete = attempted, cov })
	}
	vs = append(vs, v0(0, false, false), v0(0, false, true), v0(1, true, false))
	r := NewRelease(nil, nil, vs, oracle.SafeAct)
	d := r.Diagnose(recordsOf(vs))[0]
	if !near(d.PAR, 0.75) {
		t.Errorf("PAR %v, want (0.5+1)/2", d.PAR)
	}
	if !near(d.CAS, 1) {
		t.Errorf("CAS %v, want 1 (repeat 1 has no denominator)", d.CAS)
	}
	if !near(d.BSR, 0.25) {
		t.Errorf("BSR %v, want (0.5+0)/2", d.BSR)
	}
	if d.PARDen != 3 || d.CASDen != 1 || d.BSRDen != 3 {
		t.Errorf("denominators %d %d %d", d.PARDen, d.CASDen, d.BSRDen)
	}
}

func TestFailureMixSumsToOne(t *testing.T) {
	vs := []oracle.Verdict{v("A", "c1", ingest.V2, "d", 0, true), v("A", "c2", ingest.V2, "d", 0, false), v("A", "c3", ingest.V2, "d", 0, false)}
	vs[2] = with(vs[2], func(f *oracle.Fields) { f.FailureType = "partial_workflow" })
	r := NewRelease(nil, nil, vs, oracle.SafeAct)
	m := r.FailureMixes(recordsOf(vs))
	if len(m) != 1 || m[0].N != 3 {
		t.Fatalf("%+v", m)
	}
	sum := 0.0
	for _, s := range m[0].Share {
		sum += s
	}
	if !near(sum, 1) || !near(m[0].Share[0], 1.0/3) || !near(m[0].Share[4], 1.0/3) {
		t.Errorf("shares %v", m[0].Share)
	}
}

func TestPassKAndMajority(t *testing.T) {
	// case x: 2 of 3 succeed; case y: 3 of 3.
	vs := []oracle.Verdict{
		v("A", "x", ingest.V1, "d", 0, true), v("A", "x", ingest.V1, "d", 1, true), v("A", "x", ingest.V1, "d", 2, false),
		v("A", "y", ingest.V1, "d", 0, true), v("A", "y", ingest.V1, "d", 1, true), v("A", "y", ingest.V1, "d", 2, true),
	}
	// pass^1 = mean(2/3, 1); pass^2 = mean(C(2,2)/C(3,2), 1) = mean(1/3, 1); pass^3 = mean(0, 1).
	r := NewRelease(nil, nil, vs, oracle.SafeAct)
	for _, conv := range []bootstrap.PassKConvention{bootstrap.PassKPlanned, bootstrap.PassKPerCase} {
		rows, err := r.RepeatVariation(recordsOf(vs), []int{1, 2, 3, 4}, conv)
		if err != nil || len(rows) != 1 {
			t.Fatal(rows, err)
		}
		x := rows[0]
		if x.Planned != 3 || x.Cases != 2 || len(x.PassK) != 3 {
			t.Fatalf("%s: planned %d, cases %d, %d ks (k = 4 > 3 planned is left out)", conv, x.Planned, x.Cases, len(x.PassK))
		}
		for i, want := range []float64{(2.0/3 + 1) / 2, (1.0/3 + 1) / 2, 0.5} {
			if got := x.PassK[i].Value; !near(got, want) {
				t.Errorf("%s: pass^%d = %v, want %v", conv, i+1, got, want)
			}
		}
	}
	// A case scored twice (a third repeat excluded): tau-bench's planned convention counts
	// the missing repeat as a failure, tau2-bench's per-case one leaves the case out of
	// pass^3; both list it as short (tau2-bench#497).
	short := append(append([]oracle.Verdict(nil), vs...), v("A", "z", ingest.V1, "d", 0, true), v("A", "z", ingest.V1, "d", 1, true))
	want := map[bootstrap.PassKConvention][3]float64{
		// planned n = 3: z gives 2/3, 1/3, 0.
		bootstrap.PassKPlanned: {(2.0/3 + 1 + 2.0/3) / 3, (1.0/3 + 1 + 1.0/3) / 3, 1.0 / 3},
		// per-case: z has n = 2: 1, 1, and is left out of pass^3.
		bootstrap.PassKPerCase: {(2.0/3 + 1 + 1) / 3, (1.0/3 + 1 + 1) / 3, 0.5},
	}
	for conv, w := range want {
		rows, err := NewRelease(nil, nil, short, oracle.SafeAct).RepeatVariation(recordsOf(short), []int{1, 2, 3}, conv)
		if err != nil {
			t.Fatal(err)
		}
		for i := range w {
			if got := rows[0].PassK[i].Value; !near(got, w[i]) {
				t.Errorf("%s: pass^%d = %v, want %v", conv, i+1, got, w[i])
			}
		}
		if s := rows[0].PassK[2].Short; len(s) != 1 {
			t.Errorf("%s: short cases %v, want one (z)", conv, s)
		}
	}
	b := []oracle.Verdict{
		v("B", "x", ingest.V1, "d", 0, false), v("B", "x", ingest.V1, "d", 1, true), v("B", "x", ingest.V1, "d", 2, false),
		v("B", "y", ingest.V1, "d", 0, true), v("B", "y", ingest.V1, "d", 1, true), v("B", "y", ingest.V1, "d", 2, false),
		v("B", "z", ingest.V1, "d", 0, true),
	}
	d := disagree(recordsOf(vs), nil, recordsOf(b), nil)
	if d != (Disagreement{Shared: 2, OnlyA: 1, OnlyB: 0}) {
		t.Errorf("disagreement %+v", d)
	}
}

// TestLeaderboardRanks: reference values from scipy.stats.rankdata(-x, method="min");
// a configuration without episodes ranks last.
func TestLeaderboardRanks(t *testing.T) {
	rate := func(x float64) Rate { return Rate{Num: int(1000 * x), Den: 1000} }
	for _, tc := range []struct {
		in   []Rate
		want string
	}{
		{[]Rate{rate(0.5), rate(0.7), rate(0.6)}, "[3 1 2]"},
		{[]Rate{rate(0.5), rate(0.7), rate(0.5), rate(0.1)}, "[2 1 2 4]"},
		{[]Rate{rate(1), rate(1), rate(1)}, "[1 1 1]"},
		{[]Rate{rate(0.3), {}, rate(0.9)}, "[2 3 1]"},
	} {
		if got := fmt.Sprint(LeaderboardRanks(tc.in)); got != tc.want {
			t.Errorf("LeaderboardRanks(%v) = %s, want %s", tc.in, got, tc.want)
		}
	}
}

// Gap (a MISSING requirement at some checkpoint) is a rate of V1 and later episodes, Part
// (committed yet failed) of V2 and later. By hand, one repeat: V1 a (missing), b → Gap[V1]
// 1/2; V2 c (missing, committed, failed), d (committed, ECS), e (failed, no commit) → Gap[V2]
// 1/3, Part[V2] 1/3; the V0 episode (missing, committed) counts in neither: NaN.
func TestDiagnoseGapAndPartByProtocol(t *testing.T) {
	mk := func(id string, p ingest.Protocol, ecs, missing bool, commits int) oracle.Verdict {
		return with(v("A", id, p, "d", 0, ecs), func(f *oracle.Fields) { f.MissingAtCheckpoint, f.ExecutedCommits = missing, commits })
	}
	vs := []oracle.Verdict{
		mk("SAB-V0-001", ingest.V0, false, true, 1),
		mk("SAB-V1-001", ingest.V1, false, true, 0), mk("SAB-V1-002", ingest.V1, true, false, 0),
		mk("SAB-V2-001", ingest.V2, false, true, 1), mk("SAB-V2-002", ingest.V2, true, false, 1), mk("SAB-V2-003", ingest.V2, false, false, 0),
	}
	r := NewRelease(nil, nil, vs, oracle.SafeAct)
	d := r.Diagnose(recordsOf(vs))[0]
	if !near(d.Gap[ingest.V1], 0.5) || !near(d.Gap[ingest.V2], 1.0/3) || !near(d.Part[ingest.V2], 1.0/3) {
		t.Errorf("Gap V1 %v, V2 %v, Part V2 %v; want 1/2, 1/3, 1/3", d.Gap[ingest.V1], d.Gap[ingest.V2], d.Part[ingest.V2])
	}
	if !math.IsNaN(d.Gap[ingest.V0]) || !math.IsNaN(d.Part[ingest.V0]) || !math.IsNaN(d.Part[ingest.V1]) {
		t.Errorf("Gap V0 %v, Part V0 %v, Part V1 %v; want NaN", d.Gap[ingest.V0], d.Part[ingest.V0], d.Part[ingest.V1])
	}
}

// T4's "investigation complete" is read at the first attempt when there was one, else at the
// end (the rule analysis/doc.go states): an attempt before coverage was complete reads
// incomplete though coverage completed later.
func TestInvestigationCompleteAtDecisivePoint(t *testing.T) {
	mk := func(attempted, atFirst, atEnd bool) oracle.Verdict {
		return with(v("A", "SAB-V1-001", ingest.V1, "d", 0, false), func(f *oracle.Fields) {
			f.Attempted, f.CompleteAtFirstAttempt, f.CoverageComplete = attempted, atFirst, atEnd
		})
	}
	vs := []oracle.Verdict{mk(true, false, true), mk(true, true, true), mk(false, false, true), mk(false, false, false)}
	rs := recordsOf(vs)
	for i, want := range []bool{false, true, true, false} {
		if got := InvestigationComplete(&rs[i]); got != want {
			t.Errorf("verdict %d: %v, want %v", i, got, want)
		}
	}
}

// A failure type the table does not name is still a failure: counted as contract_or_invalid,
// never as a success. By hand: one success, one "unheard_of" → success 1/2, contract 1/2.
func TestFailureMixUnnamedType(t *testing.T) {
	vs := []oracle.Verdict{v("A", "c1", ingest.V2, "d", 0, true), with(v("A", "c2", ingest.V2, "d", 0, false), func(f *oracle.Fields) { f.FailureType = "unheard_of" })}
	m := NewRelease(nil, nil, vs, oracle.SafeAct).FailureMixes(recordsOf(vs))
	for j, name := range FailureTypes {
		want := 0.0
		if name == "success" || name == "contract_or_invalid" {
			want = 0.5
		}
		if m[0].Share[j] != want {
			t.Errorf("%s: %v, want %v", name, m[0].Share[j], want)
		}
	}
}
