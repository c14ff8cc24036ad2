package analysis

import (
	"testing"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/oracle"
)

// TestCoverageRowsByName checks that rows stay keyed by name when verdicts of different
// keys name one row: a static judgment's "x (static)" and an interactive "x (static)", and
// a condition that already says static.
func TestCoverageRowsByName(t *testing.T) {
	f := func(cond string, static bool) oracle.Verdict {
		return oracle.Fields{Config: "m", CaseID: "c", BaseCaseID: "c", Protocol: ingest.V1, Condition: cond, Static: static}.Verdict()
	}
	vs := []oracle.Verdict{f("x", true), f("x (static)", false), f("y_static", true), f("y_static", false), f("x", true), f("x", false)}
	rows, _, total := coverageOf(recordsOf(vs))
	want := []struct {
		cond string
		n    int
	}{{"x (static)", 3}, {"y_static", 2}, {"x", 1}}
	if len(rows) != len(want) || total.Read != len(vs) {
		t.Fatalf("rows %+v, total %d", rows, total.Read)
	}
	for i, w := range want {
		if rows[i].Condition != w.cond || rows[i].Read != w.n {
			t.Errorf("row %d: %q read %d, want %q read %d", i, rows[i].Condition, rows[i].Read, w.cond, w.n)
		}
	}
}
