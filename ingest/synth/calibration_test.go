package synth

import (
	"math"
	"testing"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/casespec"
	"github.com/sabench/sabench-stats/oracle"
)

// The calibration targets below are the paper's published numbers (the paper's
// Tables 2, 3, 4, 9, 10, 13, 14 and the interventions), in percent. The metrics are
// computed here from oracle verdicts with the metrics' definitions (analysis/doc.go); the analysis package
// has its own implementation.

var paperTable2 = map[string][6]float64{ // ECS, Legacy, V0, V1, V2, V3
	"Claude-5/Claude Code": {67.2, 97.7, 63.4, 60.3, 60.6, 65.9},
	"Claude-5/Inspect":     {63.4, 96.5, 58.9, 54.2, 59.1, 61.4},
	"GPT-5.6/Codex":        {65.4, 96.5, 65.7, 52.7, 58.3, 64.4},
	"GPT-5.6/Inspect":      {61.0, 94.2, 59.4, 47.3, 55.3, 60.6},
	"DeepSeek-V4/DSH":      {63.0, 96.5, 49.1, 61.1, 65.2, 59.1},
	"DeepSeek-V4/Inspect":  {57.5, 83.7, 56.0, 49.6, 56.8, 50.8},
	"Qwen3.8/Qwen Code":    {66.0, 91.9, 72.6, 58.8, 59.8, 53.8},
	"Qwen3.8/Inspect":      {63.9, 94.2, 67.4, 60.3, 54.5, 52.3},
	"GLM-5.2/ZCode":        {37.7, 97.7, 34.3, 32.1, 12.1, 34.1},
	"GLM-5.2/Inspect":      {41.0, 77.9, 44.0, 31.3, 22.0, 41.7},
}

// sel picks scored verdicts.
type sel struct {
	cond, config string
	proto        int // -1 any; -2 V0–V3
	repeat       int // -1 any
	cases        map[string]bool
}

func choose(vs []oracle.Verdict, s sel) []*oracle.Verdict {
	var out []*oracle.Verdict
	for i := range vs {
		v := &vs[i]
		if v.Excluded() || v.Condition() != s.cond || (s.config != "" && v.Config() != s.config) {
			continue
		}
		if s.proto >= 0 && int(v.Protocol()) != s.proto || s.proto == -2 && v.Protocol() == ingest.Legacy {
			continue
		}
		if s.repeat >= 0 && v.Repeat() != s.repeat || s.cases != nil && !s.cases[v.BaseCaseID()] {
			continue
		}
		out = append(out, v)
	}
	return out
}

func pct(vs []*oracle.Verdict, num func(*oracle.Verdict) bool, den func(*oracle.Verdict) bool) float64 {
	n, d := 0, 0
	for _, v := range vs {
		if den != nil && !den(v) {
			continue
		}
		d++
		if num(v) {
			n++
		}
	}
	if d == 0 {
		return math.NaN()
	}
	return 100 * float64(n) / float64(d)
}

func ecs(v *oracle.Verdict) bool { return v.ECS() }

// perRepeat averages a rate computed within each main repeat (the diagnostics).
func perRepeat(vs []oracle.Verdict, config string, proto int, num, den func(*oracle.Verdict) bool) float64 {
	var sum float64
	for rep := 0; rep < RepeatsPerScale; rep++ {
		sum += pct(choose(vs, sel{cond: CondMain, config: config, proto: proto, repeat: rep}), num, den)
	}
	return sum / RepeatsPerScale
}

func near(t *testing.T, what string, got, want, tol float64) {
	t.Helper()
	if math.IsNaN(got) || math.Abs(got-want) > tol {
		t.Errorf("%s = %.1f, want %.1f ± %.1f", what, got, want, tol)
	}
}

func setOf(ids []string) map[string]bool {
	m := map[string]bool{}
	for _, id := range ids {
		m[id] = true
	}
	return m
}

func TestCalibrationTable2(t *testing.T) {
	t.Parallel() // reads the shared verdicts
	_, vs := verdicts(t)
	for _, config := range ConfigNames() {
		want := paperTable2[config]
		near(t, config+" ECS", pct(choose(vs, sel{cond: CondMain, config: config, proto: -1, repeat: -1}), ecs, nil), want[0], 1.5)
		for p := 0; p < ingest.NumProtocols; p++ {
			got := pct(choose(vs, sel{cond: CondMain, config: config, proto: p, repeat: -1}), ecs, nil)
			near(t, config+" "+ingest.Protocol(p).Label(), got, want[p+1], 4)
		}
		// Repeat spread of the V0–V3 ECS: the paper reports 0.2–0.7 points; accept up to 1.0.
		var reps []float64
		for rep := 0; rep < RepeatsPerScale; rep++ {
			reps = append(reps, pct(choose(vs, sel{cond: CondMain, config: config, proto: -2, repeat: rep}), ecs, nil))
		}
		t.Logf("%s: repeat std %.2f points", config, stddev(reps))
		if sd := stddev(reps); sd < 0.1 || sd > 1.0 {
			t.Errorf("%s repeat std %.2f points, want 0.1–1.0 (per-repeat %v)", config, sd, reps)
		}
	}
}

func stddev(x []float64) float64 {
	var m float64
	for _, v := range x {
		m += v
	}
	m /= float64(len(x))
	var s float64
	for _, v := range x {
		s += (v - m) * (v - m)
	}
	return math.Sqrt(s / float64(len(x)-1))
}

func TestCalibrationTable3(t *testing.T) {
	t.Parallel() // reads the shared verdicts
	_, vs := verdicts(t)
	attempted := func(v *oracle.Verdict) bool { return v.Attempted() }
	bsr, par, cas := map[string]float64{}, map[string]float64{}, map[string]float64{}
	for _, config := range ConfigNames() {
		bsr[config] = perRepeat(vs, config, int(ingest.V0), func(v *oracle.Verdict) bool { return !v.Attempted() && !v.CoverageComplete() }, nil)
		par[config] = perRepeat(vs, config, int(ingest.V1), func(v *oracle.Verdict) bool { return !v.CompleteAtFirstAttempt() }, attempted)
		cas[config] = perRepeat(vs, config, int(ingest.V1), ecs, func(v *oracle.Verdict) bool { return v.Attempted() && v.CompleteAtFirstAttempt() })
	}
	// BSR: 21.7 (Qwen / Qwen Code) to 62.9 (GLM / ZCode), the ends of the range.
	near(t, "BSR Qwen3.8/Qwen Code", bsr["Qwen3.8/Qwen Code"], 21.7, 6)
	near(t, "BSR GLM-5.2/ZCode", bsr["GLM-5.2/ZCode"], 62.9, 6)
	// PAR: 37.0 (Qwen / Inspect) to 66.9 (GLM / ZCode).
	near(t, "PAR Qwen3.8/Inspect", par["Qwen3.8/Inspect"], 37.0, 6)
	near(t, "PAR GLM-5.2/ZCode", par["GLM-5.2/ZCode"], 66.9, 6)
	for _, config := range ConfigNames() {
		if bsr[config] < bsr["Qwen3.8/Qwen Code"] || bsr[config] > bsr["GLM-5.2/ZCode"] {
			t.Errorf("BSR %s = %.1f outside the range's ends", config, bsr[config])
		}
		if par[config] < par["Qwen3.8/Inspect"] || par[config] > par["GLM-5.2/ZCode"] {
			t.Errorf("PAR %s = %.1f outside the range's ends", config, par[config])
		}
		// CAS: 93.2–100 for nine configurations, 83.3 for DeepSeek / Inspect.
		if config == "DeepSeek-V4/Inspect" {
			near(t, "CAS "+config, cas[config], 83.3, 6)
		} else if cas[config] < 93.2-6 {
			t.Errorf("CAS %s = %.1f, want 93.2–100", config, cas[config])
		}
	}
	// V2 Gap and Part.: GLM / ZCode 80.3 and 33.3; Qwen / Inspect 27.3 and 29.5.
	gap := func(v *oracle.Verdict) bool { return v.MissingAtCheckpoint() }
	part := func(v *oracle.Verdict) bool { return v.ExecutedCommits() > 0 && !v.ECS() }
	for _, c := range []struct {
		config    string
		gap, part float64
	}{{"GLM-5.2/ZCode", 80.3, 33.3}, {"Qwen3.8/Inspect", 27.3, 29.5}} {
		near(t, "V2 Gap "+c.config, perRepeat(vs, c.config, int(ingest.V2), gap, nil), c.gap, 6)
		near(t, "V2 Part. "+c.config, perRepeat(vs, c.config, int(ingest.V2), part, nil), c.part, 6)
	}
	// V1 failure types (share of all V1 episodes): GLM / ZCode premature 0.66, inaction
	// 0.01; GLM / Inspect premature 0.29, inaction 0.37.
	ft := func(name string) func(*oracle.Verdict) bool {
		return func(v *oracle.Verdict) bool { return v.FailureType() == name }
	}
	for _, c := range []struct {
		config           string
		premature, inact float64
	}{{"GLM-5.2/ZCode", 66, 1}, {"GLM-5.2/Inspect", 29, 37}} {
		v1 := choose(vs, sel{cond: CondMain, config: c.config, proto: int(ingest.V1), repeat: -1})
		near(t, "V1 premature "+c.config, pct(v1, ft("premature_action"), nil), c.premature, 6)
		near(t, "V1 inaction "+c.config, pct(v1, ft("inaction"), nil), c.inact, 6)
	}
}

func TestCalibrationTable4(t *testing.T) {
	t.Parallel() // reads the shared verdicts
	_, vs := verdicts(t)
	// Family − Inspect on the V0–V3 cases: DeepSeek +4.4, GLM −6.8, Claude +4.2, GPT
	// +4.7, Qwen +2.8.
	for _, c := range []struct {
		family, inspect string
		delta           float64
	}{
		{"DeepSeek-V4/DSH", "DeepSeek-V4/Inspect", 4.4}, {"GLM-5.2/ZCode", "GLM-5.2/Inspect", -6.8},
		{"Claude-5/Claude Code", "Claude-5/Inspect", 4.2}, {"GPT-5.6/Codex", "GPT-5.6/Inspect", 4.7},
		{"Qwen3.8/Qwen Code", "Qwen3.8/Inspect", 2.8},
	} {
		a := pct(choose(vs, sel{cond: CondMain, config: c.family, proto: -2, repeat: -1}), ecs, nil)
		b := pct(choose(vs, sel{cond: CondMain, config: c.inspect, proto: -2, repeat: -1}), ecs, nil)
		near(t, "Δ "+c.family, a-b, c.delta, 1.5)
		if math.Signbit(a-b) != math.Signbit(c.delta) {
			t.Errorf("Δ %s = %.1f has the wrong sign", c.family, a-b)
		}
	}
	// Qwen's harnesses disagree on 134 of 570 cases by majority vote (75 / 59).
	onlyA, onlyB := majorityDisagreement(choose(vs, sel{cond: CondMain, config: "Qwen3.8/Qwen Code", proto: -2, repeat: -1}),
		choose(vs, sel{cond: CondMain, config: "Qwen3.8/Inspect", proto: -2, repeat: -1}))
	t.Logf("Qwen majority disagreement: %d only Qwen Code, %d only Inspect", onlyA, onlyB)
	near(t, "Qwen majority disagreement", float64(onlyA+onlyB), 134, 25)
	if onlyA <= onlyB {
		t.Errorf("Qwen disagreement: %d only with Qwen Code, %d only with Inspect; want more with Qwen Code (75 vs 59)", onlyA, onlyB)
	}
}

// majorityDisagreement counts cases where exactly one config succeeds in a strict
// majority of its repeats.
func majorityDisagreement(a, b []*oracle.Verdict) (onlyA, onlyB int) {
	maj := func(vs []*oracle.Verdict) map[string]bool {
		n, k := map[string]int{}, map[string]int{}
		for _, v := range vs {
			n[v.CaseID()]++
			if v.ECS() {
				k[v.CaseID()]++
			}
		}
		out := map[string]bool{}
		for id := range n {
			out[id] = 2*k[id] > n[id]
		}
		return out
	}
	ma, mb := maj(a), maj(b)
	for id, x := range ma {
		if y, ok := mb[id]; ok && x != y {
			if x {
				onlyA++
			} else {
				onlyB++
			}
		}
	}
	return onlyA, onlyB
}

func TestCalibrationStaticTables(t *testing.T) {
	t.Parallel() // reads the shared verdicts
	r, vs := verdicts(t)
	t9 := setOf(r.Sets["t9_matched_v1"])
	// Table 9: static vs interactive on the 100 matched V1 cases.
	for _, c := range []struct {
		config        string
		static, inter float64
	}{{"DeepSeek-V4/Inspect", 95, 52}, {"GLM-5.2/Inspect", 97, 28}, {"GLM-5.2/ZCode", 99, 33}} {
		st := pct(choose(vs, sel{cond: CondStatic, config: c.config, proto: -1, repeat: -1, cases: t9}), ecs, nil)
		in := pct(choose(vs, sel{cond: CondMain, config: c.config, proto: -1, repeat: -1, cases: t9}), ecs, nil)
		near(t, "T9 static "+c.config, st, c.static, 6)
		near(t, "T9 interactive "+c.config, in, c.inter, 6)
	}
	// Table 10: five of six configurations more accurate static than interactive;
	// GLM / Inspect static 73.7 vs interactive 83.8.
	t10 := setOf(r.Sets["t10_balanced"])
	for _, config := range ConfigNames() {
		stv := choose(vs, sel{cond: CondStatic, config: config, proto: -1, repeat: -1, cases: t10})
		if len(stv) == 0 {
			continue
		}
		if len(stv) != 99 {
			t.Errorf("T10 %s: %d static judgments, want 99", config, len(stv))
		}
		st := pct(stv, ecs, nil)
		in := pct(choose(vs, sel{cond: CondMain, config: config, proto: -1, repeat: -1, cases: t10}), ecs, nil)
		if config == "GLM-5.2/Inspect" {
			near(t, "T10 static "+config, st, 73.7, 6)
			near(t, "T10 interactive "+config, in, 83.8, 6)
			near(t, "T10 Δ "+config, st-in, -10.1, 6)
		} else if st <= in {
			t.Errorf("T10 %s: static %.1f not above interactive %.1f", config, st, in)
		}
	}
}

func TestCalibrationInterventions(t *testing.T) {
	t.Parallel() // reads the shared verdicts
	r, vs := verdicts(t)
	iv := setOf(r.Sets["interventions_v1"])
	acted := func(v *oracle.Verdict) bool { return v.Attempted() }
	count := func(cond, config string) (n, of int) {
		for _, v := range choose(vs, sel{cond: cond, config: config, proto: -1, repeat: -1}) {
			of++
			if v.Attempted() {
				n++
			}
		}
		return
	}
	for _, c := range []struct {
		config                 string
		withheld, pkg, claimed int
	}{{"DeepSeek-V4/DSH", 23, 18, 6}, {"GLM-5.2/ZCode", 20, 14, 10}, {"Qwen3.8/Qwen Code", 23, 13, 6}} {
		base := pct(choose(vs, sel{cond: CondMain, config: c.config, proto: -1, repeat: -1, cases: iv}), acted, nil)
		w, nw := count(CondWithheld, c.config)
		k, nk := count(CondContradicted, c.config)
		if nw != 43 || nk != 22 {
			t.Errorf("%s: %d withheld and %d contradicted episodes, want 43 and 22", c.config, nw, nk)
		}
		if w != c.withheld {
			t.Errorf("%s withheld: %d of 43 acted, want %d", c.config, w, c.withheld)
		}
		// The paper's drops: Withheld 37.2–45.2 points, Contradicted 54.5–70.0.
		drop := base - 100*float64(w)/43
		t.Logf("%s: withheld drop %.1f points (baseline %.1f)", c.config, drop, base)
		if drop < 37.2-6 || drop > 45.2+6 {
			t.Errorf("%s withheld action-probability drop %.1f, want 37.2–45.2 ± 6", c.config, drop)
		}
		if drop := base - 100*float64(k)/22; drop < 54.5-6 || drop > 70+6 {
			t.Errorf("%s contradicted drop %.1f, want 54.5–70.0 ± 6", c.config, drop)
		}
		if p, _ := count(CondEvidencePackage, c.config); p != c.pkg {
			t.Errorf("%s evidence package: %d acted, want %d", c.config, p, c.pkg)
		}
		if q, _ := count(CondRequesterClaim, c.config); q != c.claimed {
			t.Errorf("%s requester claim: %d acted, want %d", c.config, q, c.claimed)
		}
	}
	// Of 66 Withheld episodes that acted, 65 had called the affected tool.
	actedN, called := 0, 0
	for i, ep := range r.Episodes {
		if ep.Condition != CondWithheld || !vs[i].Attempted() {
			continue
		}
		actedN++
		if decisiveToolCalled(r, ep) {
			called++
		}
	}
	if actedN != 66 || called != 65 {
		t.Errorf("withheld: %d acted, %d of them called the affected tool; want 66 and 65", actedN, called)
	}
}

// decisiveToolCalled reports whether a Withheld episode read the withheld record (its
// key is named in the variant's metadata).
func decisiveToolCalled(r *Release, ep *ingest.Episode) bool {
	var spec *casespec.Case
	for _, c := range r.Cases {
		if c.ID == ep.CaseID {
			spec = c
		}
	}
	md, _ := spec.Spec.Obj("metadata")
	ivn, _ := md.Obj("intervention")
	key, _ := ivn.String("decisive_record")
	evs, _ := ep.Record.List("events")
	for _, e := range evs {
		o, ok := e.(interface{ String(string) (string, bool) })
		if !ok {
			continue
		}
		if typ, _ := o.String("type"); typ != "INFO_CALL" {
			continue
		}
		tool, _ := o.String("tool")
		if len(key) > len(tool) && key[:len(tool)+1] == tool+":" {
			return true
		}
	}
	return false
}

func TestCalibrationStrategies(t *testing.T) {
	t.Parallel() // reads the shared verdicts
	_, vs := verdicts(t)
	overall := func(cond, config string, proto int) float64 {
		return pct(choose(vs, sel{cond: cond, config: config, proto: proto, repeat: -1}), ecs, nil)
	}
	// Table 13: SCGR-EG raises every configuration's overall ECS (by 0.3–16.2 points).
	for _, config := range ConfigNames() {
		d := overall(CondSCGREG, config, -1) - overall(CondMain, config, -1)
		if d <= 0 || d > 16.2+6 {
			t.Errorf("SCGR-EG %s: overall ECS changes by %.1f, want a rise of 0.3–16.2", config, d)
		}
	}
	near(t, "SCGR-EG GLM-5.2/ZCode overall", overall(CondSCGREG, "GLM-5.2/ZCode", -1), 53.9, 6)
	near(t, "SCGR-EG GLM-5.2/ZCode V2", overall(CondSCGREG, "GLM-5.2/ZCode", int(ingest.V2)), 58.0, 6)
	near(t, "SCGR-EG GLM-5.2/ZCode V3", overall(CondSCGREG, "GLM-5.2/ZCode", int(ingest.V3)), 68.0, 6)
	for _, c := range []struct {
		p     ingest.Protocol
		delta float64
	}{{ingest.V1, -1.3}, {ingest.V2, -1.4}, {ingest.V3, 4.9}} {
		d := overall(CondSCGREG, "DeepSeek-V4/DSH", int(c.p)) - overall(CondMain, "DeepSeek-V4/DSH", int(c.p))
		near(t, "SCGR-EG DeepSeek-V4/DSH Δ"+c.p.Label(), d, c.delta, 6)
	}
	// Table 14: SCGR-Select, ECS on V0–V3.
	for _, c := range []struct {
		config string
		want   float64
	}{{"Qwen3.8/Qwen Code", 73.7}, {"Claude-5/Claude Code", 53.5}, {"GPT-5.6/Codex", 58.1}, {"GLM-5.2/ZCode", 25.8}} {
		near(t, "SCGR-Select "+c.config, overall(CondSCGRSelect, c.config, -2), c.want, 6)
	}
	near(t, "SCGR-Select GPT-5.6/Codex V1", overall(CondSCGRSelect, "GPT-5.6/Codex", int(ingest.V1)), 74.0, 6)
	near(t, "SCGR-Select GPT-5.6/Codex V3", overall(CondSCGRSelect, "GPT-5.6/Codex", int(ingest.V3)), 32.6, 6)
}
