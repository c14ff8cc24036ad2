package verdicts

import (
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/casespec"
	"github.com/sabench/sabench-stats/oracle"
)

// TestScoredRefusesAnotherBenchsCases: verdicts scored against a bench built like
// SafeActBench (its domains renamed, its ids the released ones) were read with --bench
// builtin, whose cases have the same ids, and every table was built from the built-in
// cases: T1 counted 656 cases under the SYNTHETIC mark, T8 showed the built-in domains
// all empty. A verdict whose case has another domain or protocol in the bench given is
// now refused, naming both.
func TestScoredRefusesAnotherBenchsCases(t *testing.T) {
	c := realCase(t, "SAB-V2-001")
	bench, err := casespec.NewBench("b", []*casespec.Case{c}, nil, casespec.BenchOptions{})
	if err != nil {
		t.Fatal(err)
	}
	write := func(domain string, p ingest.Protocol) string {
		v := fuzzVerdict("run-0", "m/h", c.ID, "O", "F", 0, false, true, true, 1, 0)
		f := v.Fields()
		f.Domain, f.Protocol = domain, p
		dir := t.TempDir()
		if err := WriteDataset(dir, 0, []oracle.Policy{oracle.SafeAct}, [][]oracle.Verdict{{f.Verdict()}}, func(i int) int64 { return int64(i) }, nil); err != nil {
			t.Fatal(err)
		}
		return dir
	}
	if _, err := Scored(write(c.Domain, c.Protocol), bench, "b", DatasetRead{}); err != nil {
		t.Fatalf("the bench's own case: %v", err)
	}
	for _, tc := range []struct {
		domain string
		p      ingest.Protocol
		want   string
	}{
		{"devops", c.Protocol, "case SAB-V2-001 of run run-0 has domain devops and protocol v2 in the verdicts, domain " + c.Domain + " and protocol v2 in the bench b: the verdicts were scored against another bench; pass the --bench they were scored with"},
		{c.Domain, ingest.V1, "case SAB-V2-001 of run run-0 has domain " + c.Domain + " and protocol v1 in the verdicts"},
	} {
		_, err := Scored(write(tc.domain, tc.p), bench, "b", DatasetRead{})
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s %s: %v\nwant %q", tc.domain, tc.p, err, tc.want)
		}
	}
}
