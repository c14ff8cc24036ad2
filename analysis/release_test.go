package analysis

import (
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
