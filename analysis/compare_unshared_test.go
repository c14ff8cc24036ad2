package analysis

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/casespec"
	"github.com/sabench/sabench-stats/oracle"
)

// TestCompareWithoutSharedCases: comparing the harness fixtures' claude-5/claude-code with
// z-ai/glm-5.2/openrouter, which ran only the scgr_eg condition, printed a row of 0 shared
// cases with McNemar p 1.000 (and a Holm-adjusted 1.000): a test on no data. A
// configuration without episodes of the compared condition is now refused as --conditions
// refuses it, and a scope without shared cases has no p-value.
func TestCompareWithoutSharedCases(t *testing.T) {
	var cases []*casespec.Case
	var vs []oracle.Verdict
	for i := range 6 {
		id := fmt.Sprintf("SAB-V1-%03d", i+1)
		cases = append(cases, &casespec.Case{ID: id, BaseID: id, Protocol: ingest.V1, Domain: "ops_code_agent"})
		// A ran the first three cases, B the last three: no case in common.
		if i < 3 {
			vs = append(vs, v("A/h", id, ingest.V1, "ops_code_agent", 0, i%2 == 0))
		} else {
			vs = append(vs, v("B/h", id, ingest.V1, "ops_code_agent", 0, true))
		}
		vs = append(vs, with(v("C/h", id, ingest.V1, "ops_code_agent", 0, true), func(f *oracle.Fields) { f.Condition = "scgr_eg" }))
	}
	r := NewRelease(cases, nil, vs, oracle.SafeAct)
	s := CompareSpec{A: "A/h", B: "C/h", Condition: "main"}
	if err := s.Resolve(r); err == nil || !strings.Contains(err.Error(), `"C/h" has no condition "main"`) {
		t.Errorf("C/h ran only scgr_eg, compared under main: %v", err)
	}
	s = CompareSpec{A: "A/h", B: "B/h", Condition: "main"}
	if err := s.Resolve(r); err != nil {
		t.Fatal(err)
	}
	o := DefaultStatOptions()
	o.Resamples = 50
	scopes, err := r.Compare(s, o)
	if err != nil {
		t.Fatal(err)
	}
	if scopes[0].Shared != 0 || !math.IsNaN(scopes[0].P) {
		t.Errorf("no shared cases: shared %d, McNemar p %v, want 0 and NaN", scopes[0].Shared, scopes[0].P)
	}
}
