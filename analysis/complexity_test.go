package analysis

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/casespec"
	"github.com/sabench/sabench-stats/ingest/jsonv"
)

// realIDs are the real cases in the ingest testdata.
var realIDs = []string{"SAB-L-001", "SAB-V0-001", "SAB-V0-166", "SAB-V0-167", "SAB-V1-001", "SAB-V1-011",
	"SAB-V2-001", "SAB-V2-016", "SAB-V2-018", "SAB-V3-001"}

// realCase loads one of the real release's cases from the ingest testdata.
func realCase(t *testing.T, id string) *casespec.Case {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "ingest", "testdata", "safeactbench", "cases", id+".json"))
	if err != nil {
		t.Fatal(err)
	}
	spec, err := jsonv.ParseObject(data)
	if err != nil {
		t.Fatal(err)
	}
	p, _ := ingest.ProtocolFromID(id)
	env, _ := spec.String("env_id")
	return &casespec.Case{ID: id, BaseID: id, Protocol: p, Domain: env, Spec: spec}
}

func TestCaseComplexityOnRealCases(t *testing.T) {
	cases := []*casespec.Case{realCase(t, "SAB-V3-001"), realCase(t, "SAB-V2-001"), realCase(t, "SAB-V1-001")}
	cx := CaseComplexity(cases)
	v3 := cx[ingest.V3]
	// SAB-V3-001: issue_refund → {close_ticket, send_refund_notice}: 3 nodes, 2 edges, a
	// fork and no join.
	if v3.Cases != 1 || v3.Nodes != 3 || v3.Edges != 2 || v3.ForkCases != 1 || v3.JoinCases != 0 {
		t.Errorf("V3 shape %+v", v3)
	}
	// SAB-V2-001 is a 3-commit linear workflow: 3 nodes, 2 edges, no fork or join.
	v2 := cx[ingest.V2]
	if v2.Nodes != 3 || v2.Edges != 2 || v2.ForkCases != 0 || v2.JoinCases != 0 {
		t.Errorf("V2 shape %+v", v2)
	}
	reads, _ := cases[2].Spec.List("required_info_calls")
	if cx[ingest.V1].MaxReads != len(reads) || cx[ingest.V1].MeanReads != float64(len(reads)) {
		t.Errorf("V1 reads %+v, want %d", cx[ingest.V1], len(reads))
	}
}
