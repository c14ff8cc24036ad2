package analysis

import (
	"math"
	"slices"
	"testing"

	"github.com/sabench/sabench-stats/ingest"
)

// TestStrategyArmsPaired is a case a user met: with GLM-5.2/ZCode's scgr_select V2 episodes
// removed, the arms of T14 were computed on every case each arm ran (main kept its V2
// cases) and suggested the opposite sign of Δ. Now the arms are on the paired cases: their
// difference is Δ exactly, V2 has no paired cases, and the other protocols are unchanged.
func TestStrategyArmsPaired(t *testing.T) {
	if testing.Short() {
		t.Skip("scores the built-in release")
	}
	full := builtinRelease(t)
	var vs []Record
	for _, v := range full.Verdicts {
		if v.Config() == "GLM-5.2/ZCode" && v.Condition() == "scgr_select" && v.Protocol() == ingest.V2 {
			continue
		}
		vs = append(vs, v)
	}
	r := releaseOfRecords(full, vs, full.Policy)
	o := DefaultStatOptions()
	o.Resamples = 1000
	rowOf := func(r *Release) StrategyRow {
		rows, ok, err := r.StrategyComparison("scgr_select", false, o)
		if err != nil || !ok {
			t.Fatal(ok, err)
		}
		for _, x := range rows {
			if x.Config == "GLM-5.2/ZCode" {
				return x
			}
		}
		t.Fatal("no GLM-5.2/ZCode row")
		return StrategyRow{}
	}
	x, ref := rowOf(r), rowOf(full)
	v2 := 0
	for _, c := range full.Cases {
		if c.Protocol == ingest.V2 && c.BaseID == c.ID {
			v2++
		}
	}
	if x.Delta.Cases != ref.Delta.Cases-v2 || x.Delta.Cases == 0 {
		t.Errorf("paired cases %d, want %d − %d V2 cases", x.Delta.Cases, ref.Delta.Cases, v2)
	}
	t.Logf("GLM-5.2/ZCode without scgr_select V2: main %.1f, scgr_select %.1f, Δ %+.1f [%+.1f, %+.1f] on %d cases", x.Main.Pct(), x.Strategy.Pct(), 100*x.Delta.X, 100*x.Delta.Lo, 100*x.Delta.Hi, x.Delta.Cases)
	if d := x.Strategy.Value() - x.Main.Value(); math.Abs(d-x.Delta.X) > 1e-12 {
		t.Errorf("arms %v − %v = %v, Δ %v", x.Strategy.Pct(), x.Main.Pct(), 100*d, 100*x.Delta.X)
	}
	if !(x.Delta.X < 0 && x.Strategy.Value() < x.Main.Value()) {
		t.Errorf("Δ %.2f with arms main %.2f, strategy %.2f: want both negative", 100*x.Delta.X, x.Main.Pct(), x.Strategy.Pct())
	}
	if !(x.Delta.Lo <= x.Delta.X && x.Delta.X <= x.Delta.Hi) {
		t.Errorf("Δ %v outside its interval [%v, %v]", x.Delta.X, x.Delta.Lo, x.Delta.Hi)
	}
	for j, p := range StrategyProtocols(false) {
		got, want := x.ByProtocol[j], ref.ByProtocol[j]
		if p == ingest.V2 {
			if !math.IsNaN(got.X) || got.Cases != 0 {
				t.Errorf("V2: Δ %v on %d cases, want none", got.X, got.Cases)
			}
			continue
		}
		// The same pair on the same stream: the same estimate and interval.
		if got.X != want.X || got.Lo != want.Lo || got.Hi != want.Hi || got.Cases != want.Cases {
			t.Errorf("%s: %+v, want %+v", p, got, want)
		}
		if math.Abs(got.A.Value()-got.B.Value()-got.X) > 1e-12 {
			t.Errorf("%s: arms %v − %v ≠ Δ %v", p, got.A, got.B, got.X)
		}
	}
}

// TestSummaryIntervals checks T2's intervals on the built-in release: every estimate is
// Summarize's (ECS, P-M, D-M, each protocol and domain), lies in its interval, and the
// intervals do not depend on the worker count, nor on whether ProtocolIntervals came first.
func TestSummaryIntervals(t *testing.T) {
	if testing.Short() {
		t.Skip("scores the built-in release")
	}
	r := builtinRelease(t)
	o := DefaultStatOptions()
	o.Resamples, o.Workers = 1000, 1
	cis, err := r.SummaryIntervals(o)
	if err != nil {
		t.Fatal(err)
	}
	// -j 2 on a release of its own (its own interval cache) with the memo emptied: both
	// would otherwise answer with the -j 1 intervals.
	// Its protocols' intervals first (ProtocolIntervals, no domains), to which
	// SummaryIntervals then adds the domains'.
	resetRateMemo()
	o.Workers = 2
	r2 := releaseOfRecords(r, slices.Clone(r.Verdicts), r.Policy)
	core, err := r2.ProtocolIntervals(o)
	if err != nil {
		t.Fatal(err)
	}
	again, err := r2.SummaryIntervals(o)
	if err != nil {
		t.Fatal(err)
	}
	for i := range core {
		c, a := core[i], again[i]
		same := c.ByDomain == nil && len(a.ByDomain) == len(r.Domains())
		for k, e := range append([]Estimate{c.ECS, c.PM, c.DM}, c.ByProtocol[:]...) {
			e2 := append([]Estimate{a.ECS, a.PM, a.DM}, a.ByProtocol[:]...)[k]
			same = same && (e.X == e2.X || math.IsNaN(e.X) && math.IsNaN(e2.X)) && (e.Lo == e2.Lo || math.IsNaN(e.Lo) && math.IsNaN(e2.Lo)) && (e.Hi == e2.Hi || math.IsNaN(e.Hi) && math.IsNaN(e2.Hi))
		}
		if !same {
			t.Errorf("%s: ProtocolIntervals %+v, SummaryIntervals %+v", c.Config, c, a)
		}
	}
	sums := r.Summarize(r.Main())
	if len(cis) != len(sums) || len(cis) != 10 {
		t.Fatalf("%d intervals for %d summaries", len(cis), len(sums))
	}
	for i, s := range sums {
		ci := cis[i]
		check := func(what string, want float64, e, e2 Estimate) {
			if math.Abs(e.X-want) > 1e-12 || !(e.Lo <= e.X && e.X <= e.Hi) || e.Hi-e.Lo > 0.2 {
				t.Errorf("%s %s: %v [%v, %v], want estimate %v inside a narrow interval", s.Config, what, e.X, e.Lo, e.Hi, want)
			}
			if e.Lo != e2.Lo || e.Hi != e2.Hi {
				t.Errorf("%s %s: -j 1 gives [%v, %v], -j 2 [%v, %v]", s.Config, what, e.Lo, e.Hi, e2.Lo, e2.Hi)
			}
		}
		check("ECS", s.Overall.Value(), ci.ECS, again[i].ECS)
		check("P-M", s.PM, ci.PM, again[i].PM)
		check("D-M", s.DM, ci.DM, again[i].DM)
		for p := range s.ByProtocol {
			check(ingest.Protocol(p).String(), s.ByProtocol[p].Value(), ci.ByProtocol[p], again[i].ByProtocol[p])
		}
		for d := range s.ByDomain {
			check(r.Domains()[d], s.ByDomain[d].Value(), ci.ByDomain[d], again[i].ByDomain[d])
		}
		// The macro averages are means of five (six) rates: tighter than a single protocol's.
		if ci.PM.Hi-ci.PM.Lo >= ci.ByProtocol[ingest.V1].Hi-ci.ByProtocol[ingest.V1].Lo {
			t.Errorf("%s: P-M interval [%v, %v] not narrower than V1's", s.Config, ci.PM.Lo, ci.PM.Hi)
		}
	}
}
