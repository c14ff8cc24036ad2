package analysis

import (
	"fmt"
	"testing"

	"github.com/sabench/sabench-stats/bootstrap"
	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/casespec"
	"github.com/sabench/sabench-stats/oracle"
)

// TestCompareAllAndProtocolRowShareTheDraw: when every shared case is V1, compare's "All"
// row and its "V1" row are the same Δ on the same cases, but the "All" row's random stream
// was named by the protocols asked for (every protocol) and the V1 row's by V1, so the two
// rows printed different BCa intervals for one Δ. The stream is now named by the protocols
// of the shared cases, and the rows agree; a second protocol on the shared cases gives
// "All" a stream of its own again.
func TestCompareAllAndProtocolRowShareTheDraw(t *testing.T) {
	var cases []*casespec.Case
	var vs []oracle.Verdict
	for i := range 20 {
		id := fmt.Sprintf("SAB-V1-%03d", i+1)
		cases = append(cases, &casespec.Case{ID: id, BaseID: id, Protocol: ingest.V1, Domain: "ops_code_agent"})
		// Between one and four repeats a case, so that Δ's resamples are not on a coarse
		// grid whose quantiles two streams would share by chance.
		for rep := range 1 + i%4 {
			vs = append(vs, v("A/h", id, ingest.V1, "ops_code_agent", rep, (i*7+rep*3)%5 < 3))
		}
		for rep := range 1 + (i+1)%3 {
			vs = append(vs, v("B/h", id, ingest.V1, "ops_code_agent", rep, (i*5+rep)%4 == 0))
		}
	}
	o := DefaultStatOptions()
	o.Method = bootstrap.BCa
	scopes := compareScopes(t, NewRelease(cases, nil, vs, oracle.SafeAct), o)
	if len(scopes) != 2 || scopes[1].Label != "V1" {
		t.Fatalf("scopes %+v, want All and V1", scopes)
	}
	all, v1 := scopes[0].Delta, scopes[1].Delta
	if all.X != v1.X || all.Lo != v1.Lo || all.Hi != v1.Hi {
		t.Errorf("All Δ %v [%v, %v], V1 Δ %v [%v, %v]: one Δ on the same cases, two intervals", all.X, all.Lo, all.Hi, v1.X, v1.Lo, v1.Hi)
	}

	// With V2 cases shared too, "All" is another Δ, on a stream named V1+V2.
	for i := range 20 {
		id := fmt.Sprintf("SAB-V2-%03d", i+1)
		cases = append(cases, &casespec.Case{ID: id, BaseID: id, Protocol: ingest.V2, Domain: "ops_code_agent"})
		vs = append(vs, v("A/h", id, ingest.V2, "ops_code_agent", 0, i%2 == 0), v("B/h", id, ingest.V2, "ops_code_agent", 0, i%3 == 0))
	}
	r := NewRelease(cases, nil, vs, oracle.SafeAct)
	a, b := CompareSpec{A: "A/h", B: "B/h"}.arms(r)
	_, name := r.deltaStream("A/h", "main", "B/h", "main", a, b, o)
	if want := "A/h@main − B/h@main/v1+v2"; name != want {
		t.Errorf("stream of V1 and V2 shared cases %q, want %q", name, want)
	}
}

func compareScopes(t *testing.T, r *Release, o StatOptions) []CompareScope {
	t.Helper()
	s := CompareSpec{A: "A/h", B: "B/h"}
	if err := s.Resolve(r); err != nil {
		t.Fatal(err)
	}
	scopes, err := r.Compare(s, o)
	if err != nil {
		t.Fatal(err)
	}
	return scopes
}
