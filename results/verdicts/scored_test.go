package verdicts

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/jsonv"
	"github.com/sabench/sabench-stats/oracle"
)

func TestScored(t *testing.T) {
	var vs []oracle.Verdict
	for i := 0; i < 6; i++ {
		vs = append(vs, fuzzVerdict(fmt.Sprintf("run-%d", i), "m/h", "SAB-V2-001", "O", "F", i, i%3 == 0, i%2 == 0, true, 1, 0))
	}
	pols := []oracle.Policy{oracle.SafeAct, oracle.Presets[1]}
	dir := t.TempDir()
	if err := WriteDataset(dir, 0, pols, [][]oracle.Verdict{vs, vs}, func(i int) int64 { return int64(i) }); err != nil {
		t.Fatal(err)
	}
	bench, err := ingest.NewBench("b", []*ingest.Case{realCase(t, "SAB-V2-001")}, nil, ingest.BenchOptions{})
	if err != nil {
		t.Fatal(err)
	}
	sr, err := Scored(dir, bench, "the bench")
	if err != nil {
		t.Fatal(err)
	}
	if sr.Input != "the bench with verdicts from "+dir || len(sr.Releases) != 2 || sr.Releases[1].Policy.Name != pols[1].Name {
		t.Errorf("input %q, %d releases", sr.Input, len(sr.Releases))
	}
	if sr.Counts.Read != 6 || sr.Counts.Scored != 4 || sr.Counts.Excluded["censored"] != 2 {
		t.Errorf("counts %+v", sr.Counts)
	}
	other, _ := ingest.NewBench("b", []*ingest.Case{realCase(t, "SAB-V1-001")}, nil, ingest.BenchOptions{})
	if _, err := Scored(dir, other, "x"); err == nil || err.Error() != dir+": case SAB-V2-001 of run run-0 is not in the bench b" {
		t.Errorf("unknown case: %v", err)
	}
	custom := oracle.SafeAct
	custom.Name = "custom"
	dir2 := t.TempDir()
	if err := WriteDataset(dir2, 0, []oracle.Policy{custom}, [][]oracle.Verdict{vs}, func(i int) int64 { return int64(i) }); err != nil {
		t.Fatal(err)
	}
	if _, err := Scored(dir2, bench, "x"); err == nil || !strings.HasPrefix(err.Error(), dir2+": policy custom (settings ") {
		t.Errorf("a policy that is not a preset: %v", err)
	}
}

// realCase reads one case of the real SafeActBench cases in ingest's testdata.
func realCase(t *testing.T, id string) *ingest.Case {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "ingest", "testdata", "safeactbench", "cases", id+".json"))
	if err != nil {
		t.Fatal(err)
	}
	spec, err := jsonv.ParseObject(data)
	if err != nil {
		t.Fatal(err)
	}
	p, _ := ingest.ProtocolFromID(id)
	env, _ := spec.String("env_id")
	return &ingest.Case{ID: id, BaseID: id, Protocol: p, Domain: env, Spec: spec}
}
