package casespec

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/ingest"
)

// A clusters file over the limit was read up to the limit without a word: its first rows
// clustered, the rest left to the derived rules. It is refused, as a case-set file is.
func TestClusterFileOverLimit(t *testing.T) {
	cl := filepath.Join(t.TempDir(), "c.csv")
	head := "case_id,cluster_id\nSAB-V2-001,refunds\n"
	if err := os.WriteFile(cl, []byte(head+"SAB-V3-001,refunds\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	defer func(old int64) { maxClusterFileBytes = old }(maxClusterFileBytes)
	maxClusterFileBytes = int64(len(head))
	_, err := LoadBench(realDir, BenchOptions{ClustersFile: cl})
	ps := ingest.AsProblems(err)
	if len(ps) != 1 || ps[0].File != cl || !strings.Contains(ps[0].Msg, "larger than the limit of 38 bytes") {
		t.Errorf("clusters file over the limit: %v", err)
	}
	maxClusterFileBytes = int64(len(head)) + 19
	if b, err := LoadBench(realDir, BenchOptions{ClustersFile: cl}); err != nil || b.Case("SAB-V3-001").Cluster != "refunds" {
		t.Errorf("clusters file at the limit: %v", err)
	}
}
