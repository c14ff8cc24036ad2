package figures

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/casespec"
	"github.com/sabench/sabench-stats/ingest/jsonv"
)

// realCase is one of the real case files under ingest/testdata as a case of domain, its
// protocol from its id, its own cluster.
func realCase(t *testing.T, id, domain string) *casespec.Case {
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
	return &casespec.Case{ID: id, BaseID: id, Protocol: p, Domain: domain, Spec: spec, ClusterRule: casespec.ClusterCase, Cluster: id}
}
