package analysis

import (
	"fmt"
	"testing"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/casespec"
	"github.com/sabench/sabench-stats/oracle"
)

// TestCompareUnsetCondition: a Go caller's CompareSpec{A, B}, which names no condition,
// was refused by Resolve as `unknown condition ""`, and compared unresolved it paired no
// episode (0 shared cases); the command line never saw it, its --condition defaulting to
// main. An unset condition is now the main condition, as an episode's is, with the same
// numbers and interval as one that says "main".
func TestCompareUnsetCondition(t *testing.T) {
	var cases []*casespec.Case
	var vs []oracle.Verdict
	for i := range 8 {
		id := fmt.Sprintf("SAB-V1-%03d", i+1)
		cases = append(cases, &casespec.Case{ID: id, BaseID: id, Protocol: ingest.V1, Domain: "ops_code_agent"})
		vs = append(vs, v("A/h", id, ingest.V1, "ops_code_agent", 0, i%4 != 0), v("B/h", id, ingest.V1, "ops_code_agent", 0, i%2 == 0))
	}
	r := NewRelease(cases, nil, vs, oracle.SafeAct)
	o := DefaultStatOptions()
	o.Resamples = 200
	main := CompareSpec{A: "A/h", B: "B/h", Condition: "main"}
	want, err := r.Compare(main, o)
	if err != nil {
		t.Fatal(err)
	}
	unset := CompareSpec{A: "A/h", B: "B/h"}
	got, err := r.Compare(unset, o) // unresolved
	if err != nil {
		t.Fatal(err)
	}
	if got[0].Shared != 8 || fmt.Sprint(got[0].Delta) != fmt.Sprint(want[0].Delta) {
		t.Errorf("unresolved, no condition: shared %d, Δ %+v; want 8 and %+v", got[0].Shared, got[0].Delta, want[0].Delta)
	}
	if err := unset.Resolve(r); err != nil || unset.Condition != "main" {
		t.Errorf("Resolve with no condition: %v, condition %q; want nil and main", err, unset.Condition)
	}
}

// TestCompareRefusesUnreadFields: Resolve ignored Condition under Conditions and Config
// without it (the command line refuses both flags so, a Go caller got a comparison other
// than the one asked, silently); both are now errors.
func TestCompareRefusesUnreadFields(t *testing.T) {
	var cases []*casespec.Case
	var vs []oracle.Verdict
	for i := range 4 {
		id := fmt.Sprintf("SAB-V1-%03d", i+1)
		cases = append(cases, &casespec.Case{ID: id, BaseID: id, Protocol: ingest.V1, Domain: "ops_code_agent"})
		vs = append(vs, v("A/h", id, ingest.V1, "ops_code_agent", 0, true), v("B/h", id, ingest.V1, "ops_code_agent", 0, false))
	}
	r := NewRelease(cases, nil, vs, oracle.SafeAct)
	for _, s := range []CompareSpec{
		{A: "main", B: "main", Conditions: true, Config: "A/h", Condition: "scgr_eg"},
		{A: "A/h", B: "B/h", Config: "A/h"},
	} {
		if err := s.Resolve(r); err == nil {
			t.Errorf("%+v: resolved; want an error naming the field not read", s)
		}
	}
}
