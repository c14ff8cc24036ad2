package results_test

import (
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/analysis"
)

// TestCompareNamesMissingProtocolRows: compare has a row per protocol only where both arms
// have episodes of it; the others were left out without a word (M3/Family ran V2 and V3
// only, so compare of it had no Legacy, V0 or V1 row and nothing said why).
func TestCompareNamesMissingProtocolRows(t *testing.T) {
	o := goldenStats()
	o.Resamples = 0
	spec := analysis.CompareSpec{A: "M3/Family", B: "M1/Family", Condition: "main"}
	r := fewerCasesRelease(t)
	scopes, err := r.Compare(spec, o)
	if err != nil {
		t.Fatal(err)
	}
	var labels []string
	for _, x := range scopes {
		labels = append(labels, x.Label)
	}
	if got := strings.Join(labels, ","); got != "All,V2,V3" {
		t.Fatalf("rows %s, want All,V2,V3", got)
	}
	const want = "No row for Legacy, V0, V1: A or B has no scored episodes of those protocols."
	if n := strings.Join(buildCompare(t, r, spec, scopes, o).Notes, "\n"); !strings.Contains(n, want) {
		t.Errorf("compare notes lack %q:\n%s", want, n)
	}
	spec.Protocols = nil
	spec.A = "M2/Family"
	if scopes, err = r.Compare(spec, o); err != nil {
		t.Fatal(err)
	}
	if n := strings.Join(buildCompare(t, r, spec, scopes, o).Notes, "\n"); strings.Contains(n, "No row for") {
		t.Errorf("every protocol has a row, yet:\n%s", n)
	}
}
