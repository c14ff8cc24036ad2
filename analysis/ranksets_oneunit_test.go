package analysis

import (
	"fmt"
	"reflect"
	"testing"

	"github.com/sabench/sabench-stats/bootstrap"
	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/casespec"
	"github.com/sabench/sabench-stats/oracle"
)

// TestRankSetsOneCaseConfig: a configuration scored on one case has an ECS that never
// varies under resampling (every replicate that draws the case gives the same value), so
// a rank set for it would claim a certainty the data do not have; before, E below got
// rank set [1, 1] and T2 called the order resolved. It keeps its competition rank, gets no
// set, and the others' sets allow for it anywhere (their upper bounds move down by one).
func TestRankSetsOneCaseConfig(t *testing.T) {
	var cases []*casespec.Case
	var vs []oracle.Verdict
	for i := range 40 {
		id := fmt.Sprintf("SAB-V1-%03d", i+1)
		cases = append(cases, &casespec.Case{ID: id, BaseID: id, Protocol: ingest.V1, Domain: "ops_code_agent"})
		vs = append(vs, v("A", id, ingest.V1, "ops_code_agent", 0, i%4 != 0), // 75%
			v("B", id, ingest.V1, "ops_code_agent", 0, i%4 == 0)) // 25%
		if i == 0 {
			vs = append(vs, v("E", id, ingest.V1, "ops_code_agent", 0, true)) // 100% on one case
		}
	}
	r := NewRelease(cases, nil, vs, oracle.SafeAct)
	o := DefaultStatOptions()
	o.Resamples = 400
	cr, err := r.RankSets(o)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"A", "B", "E"}; !reflect.DeepEqual(cr.Configs, want) {
		t.Fatalf("configs %v, want %v", cr.Configs, want)
	}
	if want := []int{2, 3, 1}; !reflect.DeepEqual(cr.Rank, want) {
		t.Errorf("ranks %v, want %v", cr.Rank, want)
	}
	want := []bootstrap.RankSet{{Lo: 1, Hi: 2}, {Lo: 2, Hi: 3}, {}}
	if !reflect.DeepEqual(cr.Sets, want) {
		t.Errorf("sets %v, want %v (E, on one case, without a set)", cr.Sets, want)
	}
	if cr.Has(2) {
		t.Error("E has a rank set")
	}
	if want := []int{2}; !reflect.DeepEqual(cr.TooFew, want) {
		t.Errorf("too few units: %v, want %v", cr.TooFew, want)
	}
	// A and B are separated from each other in every replicate; widened for E they touch.
	if want := [][]int{{0, 1}}; !reflect.DeepEqual(cr.Groups, want) {
		t.Errorf("tie groups %v, want %v", cr.Groups, want)
	}
	// E takes no part in the draw: no replicate is dropped for lacking its case.
	if cr.Used != 400 || cr.Requested != 400 {
		t.Errorf("used %d of %d replicates, want 400 of 400", cr.Used, cr.Requested)
	}
}
