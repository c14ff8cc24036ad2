package analysis

import (
	"fmt"
	"reflect"
	"testing"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/jsonv"
	"github.com/sabench/sabench-stats/oracle"
)

// A streaming score keeps the tally, so the tally must not grow with the input: every
// slice or map it holds, at any depth, is one of these (per policy, per exclusion reason,
// per disagreement listed), never one entry per episode.
func TestScoreTallyHoldsNoPerEpisodeSlice(t *testing.T) {
	allowed := map[string]bool{
		"ScoreTally.Policies": true, // per policy
		"ScoreTally.Policy":   true, // per policy
		"Counts.Excluded":     true, // per exclusion reason
		"agreeCounts.dis":     true, // per disagreement, each listed in the summary
	}
	var walk func(owner string, typ reflect.Type, seen map[reflect.Type]bool)
	walk = func(owner string, typ reflect.Type, seen map[reflect.Type]bool) {
		if seen[typ] {
			return
		}
		seen[typ] = true
		switch typ.Kind() {
		case reflect.Slice, reflect.Map, reflect.Array, reflect.Pointer:
			if typ.Kind() != reflect.Array && typ.Kind() != reflect.Pointer && !allowed[owner] {
				t.Errorf("%s is a %v: a tally of a million episodes must not hold one per episode", owner, typ)
			}
			if typ.Kind() == reflect.Map {
				walk(owner, typ.Key(), seen)
			}
			if typ.Elem() != reflect.TypeFor[oracle.Verdict]() { // a listed disagreement
				walk(owner, typ.Elem(), seen)
			}
		case reflect.Struct:
			for i := range typ.NumField() {
				f := typ.Field(i)
				walk(typ.Name()+"."+f.Name, f.Type, seen)
			}
		}
	}
	walk("ScoreTally", reflect.TypeFor[ScoreTally](), map[reflect.Type]bool{})
}

// ScoreChunked without Keep returns no verdict, and its tally (chunks smaller than a
// batch, several policies, disagreements with the harness in several chunks) is the
// tally of Score's verdicts: the same counts, rates, agreement and disagreements, whose
// run ids still read right after the chunks' run ids were released and reused.
func TestScoreChunkedTallyEqualsScore(t *testing.T) {
	eps, lookup := referenceRepeats(t, 7)
	for i, e := range eps {
		switch i % 5 {
		case 1:
			e.Official = jsonv.NewObject("successful", false) // the oracle passes it: a disagreement
		case 2:
			e.Official = jsonv.NewObject("successful", true)
		case 3:
			if i%2 == 0 {
				e.Status = ingest.StatusInfraFailure
			}
		}
	}
	pols := []oracle.Policy{oracle.SafeAct, oracle.Presets[1], oracle.Presets[3], oracle.Presets[4]}
	full, err := Score(&ingest.SliceSource{Episodes: eps}, lookup, ScoreOptions{Policies: pols, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	want := TallyOf(full)
	emitted := 0
	s, err := ScoreChunked(&ingest.SliceSource{Episodes: eps}, lookup, ScoreOptions{Policies: pols, Workers: 3}, 6,
		func(vs [][]oracle.Verdict) error { emitted += len(vs[0]); return nil })
	if err != nil {
		t.Fatal(err)
	}
	if s.Verdicts != nil || emitted != len(eps) {
		t.Fatalf("ScoreChunked without Keep: %d verdict slices kept, %d of %d episodes emitted", len(s.Verdicts), emitted, len(eps))
	}
	got := s.Tally
	if !reflect.DeepEqual(got.Counts, want.Counts) || !reflect.DeepEqual(s.Counts, full.Counts) {
		t.Errorf("counts %+v (Scored %+v), want %+v", got.Counts, s.Counts, want.Counts)
	}
	if want.Policy[0].agree.conf[0][1] == 0 || want.Counts.Excluded["infra_failure"] == 0 {
		t.Fatalf("the input has no disagreement or exclusion: %+v, %+v", want.Policy[0].agree.conf, want.Counts)
	}
	for pi := range pols {
		g, w := &got.Policy[pi], &want.Policy[pi]
		if g.ECS != w.ECS || g.ByProtocol != w.ByProtocol || g.Official != w.Official {
			t.Errorf("policy %d: ECS %v %v official %v, want %v %v %v", pi, g.ECS, g.ByProtocol, g.Official, w.ECS, w.ByProtocol, w.Official)
		}
		ga, gerr := g.Agreement()
		wa, werr := AgreeWithOfficial(full.Verdicts[pi])
		if gerr != nil || werr != nil || ga.N != wa.N || fmt.Sprint(ga.Observed, ga.Kappa) != fmt.Sprint(wa.Observed, wa.Kappa) ||
			ga.FalseAccepts != wa.FalseAccepts || ga.FalseRejects != wa.FalseRejects || len(ga.Disagreements) != len(wa.Disagreements) {
			t.Fatalf("policy %d: agreement %+v (%v), want %+v (%v)", pi, ga, gerr, wa, werr)
		}
		for i, v := range ga.Disagreements {
			if gf, wf := v.Fields(), wa.Disagreements[i].Fields(); gf != wf {
				t.Errorf("policy %d, disagreement %d: %+v, want %+v", pi, i, gf, wf)
			}
		}
	}
	kept, err := ScoreChunked(&ingest.SliceSource{Episodes: eps}, lookup, ScoreOptions{Policies: pols, Keep: true}, 6,
		func([][]oracle.Verdict) error { return nil })
	if err != nil {
		t.Fatal(err)
	}
	for pi := range pols {
		for i := range eps {
			if g, w := kept.Verdicts[pi][i].Fields(), full.Verdicts[pi][i].Fields(); g != w {
				t.Fatalf("Keep: policy %d, episode %d: %+v, want %+v", pi, i, g, w)
			}
		}
	}
}

// A tally's harness rate counts the scored episodes that carry a harness verdict, and its
// static count the scored static judgments. By hand: a (static, harness pass), b (harness
// fail), c (no harness verdict), d (excluded, harness pass, static), e (harness pass): ECS
// 3/4, harness 2/3 (a and e of a, b, e), static 1 (a; d is excluded).
func TestTallyHarnessRateAndStatic(t *testing.T) {
	s := &Scored{Policies: []oracle.Policy{oracle.SafeAct}, Verdicts: [][]oracle.Verdict{{
		oracle.Fields{RunID: "a", Protocol: ingest.V1, ECS: true, Static: true, Official: 1}.Verdict(),
		oracle.Fields{RunID: "b", Protocol: ingest.V1, Official: 0}.Verdict(),
		oracle.Fields{RunID: "c", Protocol: ingest.V1, ECS: true, Official: -1}.Verdict(),
		oracle.Fields{RunID: "d", Protocol: ingest.V1, Excluded: true, ExclusionReason: "infra_failure", Static: true, Official: 1}.Verdict(),
		oracle.Fields{RunID: "e", Protocol: ingest.V1, ECS: true, Official: 1}.Verdict(),
	}}}
	p := TallyOf(s).Policy[0]
	if p.ECS != (Rate{3, 4}) || p.Official != (Rate{2, 3}) || p.Static != 1 {
		t.Errorf("ECS %v, harness %v, static %d; want {3 4}, {2 3}, 1", p.ECS, p.Official, p.Static)
	}
}
