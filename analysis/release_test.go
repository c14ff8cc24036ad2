package analysis

import (
	"slices"
	"testing"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/oracle"
)

// TestCellsShareOrCopy: the grouping holds each configuration × condition × kind in input
// order, as sub-slices of the caller's verdicts when each cell is one run of them, else
// of one grouped copy; excluded verdicts are in no cell.
func TestCellsShareOrCopy(t *testing.T) {
	mk := func(config, cond string, static, excluded bool, rep int) oracle.Verdict {
		return oracle.Fields{Config: config, CaseID: "SAB-V1-001", BaseCaseID: "SAB-V1-001", Protocol: ingest.V1,
			Condition: cond, Static: static, Excluded: excluded, Repeat: rep}.Verdict()
	}
	runs := []oracle.Verdict{mk("A", "main", false, false, 0), mk("A", "main", false, false, 1),
		mk("A", "static", true, false, 0), mk("B", "main", false, false, 0), mk("B", "main", false, true, 1)}
	r := NewRelease(nil, nil, runs, oracle.SafeAct)
	if a := r.mainOf("A"); len(a) != 2 || &a[0] != &runs[0] {
		t.Errorf("contiguous: mainOf(A) = %d verdicts, shared %v", len(a), len(a) > 0 && &a[0] == &runs[0])
	}
	if b := r.mainOf("B"); len(b) != 1 || b[0].Excluded() {
		t.Errorf("mainOf(B) = %d verdicts, want the scored one", len(b))
	}
	mixed := []oracle.Verdict{runs[0], runs[3], runs[2], runs[1]}
	r = NewRelease(nil, nil, mixed, oracle.SafeAct)
	a := r.mainOf("A")
	if len(a) != 2 || &a[0] == &mixed[0] || a[0].Repeat() != 0 || a[1].Repeat() != 1 {
		t.Errorf("interleaved: mainOf(A) = %d verdicts, want a copy in input order", len(a))
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
// (in input order) as a window of the one grouped copy rather than a third copy; when the
// main cells interleave, Main is a copy in input order.
func TestMainIsAWindowOfTheGrouping(t *testing.T) {
	mk := func(config, cond string, excluded bool, rep int) oracle.Verdict {
		return oracle.Fields{Config: config, CaseID: "SAB-V1-001", BaseCaseID: "SAB-V1-001", Protocol: ingest.V1,
			Condition: cond, Excluded: excluded, Repeat: rep}.Verdict()
	}
	runs := []oracle.Verdict{mk("A", "main", false, 0), mk("A", "main", true, 1), mk("A", "main", false, 2),
		mk("A", "scgr_eg", false, 0), mk("B", "main", false, 0), mk("B", "main", false, 1), mk("B", "scgr_eg", false, 0)}
	r := NewRelease(nil, nil, runs, oracle.SafeAct)
	key := func(vs []oracle.Verdict) (out []string) {
		for _, v := range vs {
			out = append(out, v.Config()+"/"+v.Condition()+"/"+string(rune('0'+v.Repeat())))
		}
		return out
	}
	want := []string{"A/main/0", "A/main/2", "B/main/0", "B/main/1"}
	if got := key(r.Main()); !slices.Equal(got, want) {
		t.Fatalf("Main = %v, want %v", got, want)
	}
	if a := r.mainOf("A"); &r.Main()[0] != &a[0] {
		t.Error("Main is not the grouped copy's window (a third copy of the verdicts)")
	}
	if b := r.mainOf("B"); &r.Main()[2] != &b[0] {
		t.Error("Main's B verdicts are not the B cell's")
	}
	if e := r.of("A", "scgr_eg"); len(e) != 1 {
		t.Errorf("A/scgr_eg: %d verdicts", len(e))
	}
	// B's main verdicts on both sides of A's: not one run, so Main is a copy in input order.
	inter := []oracle.Verdict{runs[4], runs[0], runs[5], runs[2]}
	r = NewRelease(nil, nil, inter, oracle.SafeAct)
	if got, want := key(r.Main()), []string{"B/main/0", "A/main/0", "B/main/1", "A/main/2"}; !slices.Equal(got, want) {
		t.Errorf("interleaved Main = %v, want %v", got, want)
	}
}
