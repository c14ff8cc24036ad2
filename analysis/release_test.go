package analysis

import (
	"fmt"
	"slices"
	"testing"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/casespec"
	"github.com/sabench/sabench-stats/oracle"
)

// TestCellsShareOrCopy: the grouping holds each configuration × condition × kind in input
// order, as sub-slices of the release's records: as they are when each cell is one run of
// them, else after grouping them in place (no copy); excluded verdicts are in no cell.
func TestCellsShareOrCopy(t *testing.T) {
	mk := func(config, cond string, static, excluded bool, rep int) oracle.Verdict {
		return oracle.Fields{Config: config, CaseID: "SAB-V1-001", BaseCaseID: "SAB-V1-001", Protocol: ingest.V1,
			Condition: cond, Static: static, Excluded: excluded, Repeat: rep}.Verdict()
	}
	runs := []oracle.Verdict{mk("A", "main", false, false, 0), mk("A", "main", false, false, 1),
		mk("A", "static", true, false, 0), mk("B", "main", false, false, 0), mk("B", "main", false, true, 1)}
	r := NewRelease(nil, nil, runs, oracle.SafeAct)
	if a := r.mainOf("A"); len(a) != 2 || &a[0] != &r.Verdicts[0] {
		t.Errorf("contiguous: mainOf(A) = %d verdicts, shared %v", len(a), len(a) > 0 && &a[0] == &r.Verdicts[0])
	}
	if b := r.mainOf("B"); len(b) != 1 || b[0].Excluded() {
		t.Errorf("mainOf(B) = %d verdicts, want the scored one", len(b))
	}
	mixed := []oracle.Verdict{runs[0], runs[3], runs[2], runs[1]}
	r = NewRelease(nil, nil, mixed, oracle.SafeAct)
	a := r.mainOf("A")
	if len(a) != 2 || &a[0] != &r.Verdicts[0] || a[0].repeat != 0 || a[1].repeat != 1 {
		t.Errorf("interleaved: mainOf(A) = %d verdicts, want the first two of the grouped input, in input order", len(a))
	}
	g := r.Verdicts
	if got := []string{g[0].Config(), g[1].Config(), g[2].Config(), g[3].Config()}; !slices.Equal(got, []string{"A", "A", "B", "A"}) {
		t.Errorf("grouped in place: %v, want A main ×2, B main, A static", got)
	}
	if s := r.staticOf("A"); len(s) != 1 || !s[0].Static() {
		t.Errorf("staticOf(A) = %d verdicts", len(s))
	}
	if !r.hasCondition("main") || r.hasCondition("static") || r.hasCondition("none") {
		t.Error("hasCondition: static judgments are not an interactive condition")
	}
}

// TestMainIsAWindowOfTheGrouping: a release written configuration by configuration, with
// an excluded episode and another condition between the main runs, keeps its main verdicts
// (in input order) as a window of the verdicts grouped in place rather than a copy; when
// the main cells interleave, Main is a copy in input order.
func TestMainIsAWindowOfTheGrouping(t *testing.T) {
	mk := func(config, cond string, excluded bool, rep int) oracle.Verdict {
		return oracle.Fields{Config: config, CaseID: "SAB-V1-001", BaseCaseID: "SAB-V1-001", Protocol: ingest.V1,
			Condition: cond, Excluded: excluded, Repeat: rep}.Verdict()
	}
	runs := []oracle.Verdict{mk("A", "main", false, 0), mk("A", "main", true, 1), mk("A", "main", false, 2),
		mk("A", "scgr_eg", false, 0), mk("B", "main", false, 0), mk("B", "main", false, 1), mk("B", "scgr_eg", false, 0)}
	r := NewRelease(nil, nil, runs, oracle.SafeAct)
	key := func(vs []Record) (out []string) {
		for _, v := range vs {
			out = append(out, v.Config()+"/"+v.Condition()+"/"+string(rune('0'+int(v.repeat))))
		}
		return out
	}
	want := []string{"A/main/0", "A/main/2", "B/main/0", "B/main/1"}
	if got := key(r.Main()); !slices.Equal(got, want) {
		t.Fatalf("Main = %v, want %v", got, want)
	}
	if a := r.mainOf("A"); &r.Main()[0] != &a[0] {
		t.Error("Main is not a window of the grouped verdicts (a second copy of them)")
	}
	if b := r.mainOf("B"); &r.Main()[2] != &b[0] {
		t.Error("Main's B verdicts are not the B cell's")
	}
	if e := r.cell("A", "scgr_eg", false); len(e) != 1 {
		t.Errorf("A/scgr_eg: %d verdicts", len(e))
	}
	if g := r.Verdicts; &r.Main()[0] != &g[0] || g[4].Condition() != "scgr_eg" || !g[6].Excluded() {
		t.Error("not grouped in place: the main cells, the other condition's, then the excluded")
	}
	// B's main verdicts on both sides of A's: not one run, so Main is a copy in input order.
	inter := []oracle.Verdict{mk("B", "main", false, 0), mk("A", "main", false, 0), mk("B", "main", false, 1), mk("A", "main", false, 2)}
	r = NewRelease(nil, nil, inter, oracle.SafeAct)
	if got, want := key(r.Main()), []string{"B/main/0", "A/main/0", "B/main/1", "A/main/2"}; !slices.Equal(got, want) {
		t.Errorf("interleaved Main = %v, want %v", got, want)
	}
}

// Policies with the same settings share one verdict slice (Score), and their releases share
// one grouping: a second grouped copy of every verdict would be wasted memory.
func TestSharedPoliciesShareTheGrouping(t *testing.T) {
	mk := func(config string, excluded bool, rep int) oracle.Verdict {
		return oracle.Fields{Config: config, CaseID: "SAB-V1-001", BaseCaseID: "SAB-V1-001", Protocol: ingest.V1,
			Condition: "main", Excluded: excluded, Repeat: rep}.Verdict()
	}
	vs := []oracle.Verdict{mk("A", false, 0), mk("A", true, 1), mk("A", false, 2), mk("B", false, 0)}
	other := slices.Clone(vs)
	tau, app := oracle.Presets[3], oracle.Presets[4]
	sr := NewScoredRelease("test", &casespec.Bench{}, &Scored{Policies: []oracle.Policy{oracle.SafeAct, tau, app},
		Verdicts: [][]oracle.Verdict{other, vs, vs}}, nil)
	s, a, b := sr.Releases[0], sr.Releases[1], sr.Releases[2]
	if a.Policy.Name != tau.Name || b.Policy.Name != app.Name {
		t.Fatalf("policies %s, %s", a.Policy.Name, b.Policy.Name)
	}
	if &a.mainOf("A")[0] != &b.mainOf("A")[0] || &a.Main()[0] != &b.Main()[0] {
		t.Error("appworld's release does not share tau-bench's grouping")
	}
	if &s.mainOf("A")[0] == &a.mainOf("A")[0] {
		t.Error("safeact's own verdicts share tau-bench's grouping")
	}
	if len(b.Main()) != 3 || len(b.mainOf("B")) != 1 {
		t.Errorf("appworld: main %d, B %d", len(b.Main()), len(b.mainOf("B")))
	}
}

// What follows the input order survives the grouping in place: coverage rows, harnesses
// and the configurations come in order of first appearance of a release written
// configuration by configuration (each cell interleaved with the next, an excluded
// episode between), as they would without grouping.
func TestInputOrderSurvivesGrouping(t *testing.T) {
	mk := func(config, harness, cond string, excluded bool) oracle.Verdict {
		return oracle.Fields{Config: config, Harness: harness, CaseID: "SAB-V1-001", BaseCaseID: "SAB-V1-001", Protocol: ingest.V1,
			Condition: cond, Excluded: excluded, ExclusionReason: "infra_failure"}.Verdict()
	}
	vs := []oracle.Verdict{mk("A", "h1", "main", false), mk("A", "h1", "scgr_eg", false), mk("A", "h1", "main", true),
		mk("B", "h2", "main", false), mk("B", "h2", "scgr_eg", false), mk("A", "h1", "main", false)}
	r := NewRelease(nil, nil, vs, oracle.SafeAct)
	if g := r.Verdicts; g[1].Config() != "A" || g[1].Condition() != "main" {
		t.Fatalf("not grouped in place: second verdict %s/%s", g[1].Config(), g[1].Condition())
	}
	rows, reasons, total := r.Coverage()
	var got []string
	for _, row := range rows {
		got = append(got, fmt.Sprintf("%s/%s %d/%d", row.Config, row.Condition, row.Scored, row.Read))
	}
	if want := []string{"A/main 2/3", "A/scgr_eg 1/1", "B/main 1/1", "B/scgr_eg 1/1"}; !slices.Equal(got, want) {
		t.Errorf("coverage rows %v, want %v", got, want)
	}
	if !slices.Equal(reasons, []string{"infra_failure"}) || total.Read != 6 || total.Scored != 5 {
		t.Errorf("reasons %v, total %d read %d scored", reasons, total.Read, total.Scored)
	}
	if h := r.Harnesses(); !slices.Equal(h, []string{"h1", "h2"}) {
		t.Errorf("harnesses %v", h)
	}
	if c := r.Configs(); !slices.Equal(c, []string{"A", "B"}) {
		t.Errorf("configs %v", c)
	}
}
