package verdicts

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/parquet/file"
	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/casespec"
	"github.com/sabench/sabench-stats/ingest/jsonv"
	"github.com/sabench/sabench-stats/oracle"
)

func TestScored(t *testing.T) {
	var vs []oracle.Verdict
	domain := realCase(t, "SAB-V2-001").Domain // as scoring the case fills it
	for i := 0; i < 6; i++ {
		v := fuzzVerdict(fmt.Sprintf("run-%d", i), "m/h", "SAB-V2-001", "O", "F", i, i%3 == 0, i%2 == 0, true, 1, 0)
		f := v.Fields()
		f.Domain = domain
		f.Usage = oracle.Usage{CostUSD: float64(i) / 4, Known: oracle.UsageCost}
		vs = append(vs, f.Verdict())
	}
	pols := []oracle.Policy{oracle.SafeAct, oracle.Presets[1]}
	dir := t.TempDir()
	if err := WriteDataset(dir, 0, pols, [][]oracle.Verdict{vs, vs}, func(i int) int64 { return int64(i) }, nil); err != nil {
		t.Fatal(err)
	}
	bench, err := casespec.NewBench("b", []*casespec.Case{realCase(t, "SAB-V2-001")}, nil, casespec.BenchOptions{})
	if err != nil {
		t.Fatal(err)
	}
	sr, err := Scored(dir, bench, "the bench", DatasetRead{})
	if err != nil {
		t.Fatal(err)
	}
	if sr.Input != "the bench with verdicts from "+dir || len(sr.Releases) != 2 || sr.Releases[1].Policy.Name != pols[1].Name {
		t.Errorf("input %q, %d releases", sr.Input, len(sr.Releases))
	}
	if sr.Counts.Read != 6 || sr.Counts.Scored != 4 || sr.Counts.Excluded["censored"] != 2 {
		t.Errorf("counts %+v", sr.Counts)
	}
	// The first policy alone: its row group read, the other's skipped by its statistics.
	first, err := Scored(dir, bench, "the bench", DatasetRead{Policies: 1})
	if err != nil {
		t.Fatal(err)
	}
	if len(first.Releases) != 1 || fmt.Sprint(first.Counts) != fmt.Sprint(sr.Counts) || len(first.Releases[0].Verdicts) != 6 {
		t.Fatalf("first policy only: %d releases, counts %+v", len(first.Releases), first.Counts)
	}
	for i := range first.Releases[0].Verdicts {
		if a, b := first.Releases[0].Verdicts[i], sr.Releases[0].Verdicts[i]; a != b {
			t.Errorf("verdict %d: %+v, reading every policy %+v", i, a, b)
		}
	}
	// Without run ids and usage: the same verdicts but for those.
	slim, err := Scored(dir, bench, "the bench", DatasetRead{Policies: 1, NoRunIDs: true, NoUsage: true})
	if err != nil {
		t.Fatal(err)
	}
	// The records keep neither; the costs, summed as the verdicts were read, had the usage.
	for i, v := range slim.Releases[0].Verdicts {
		if b := sr.Releases[0].Verdicts[i]; v != b {
			t.Errorf("verdict %d without run ids: %+v, reading everything %+v", i, v, b)
		}
	}
	if _, all := sr.Releases[0].Costs(); all.Cost.N != 6 || all.Cost.Sum != 0+0.25+0.5+0.75+1+1.25 {
		t.Errorf("costs reading everything: %+v", all.Cost)
	}
	if _, none := slim.Releases[0].Costs(); none.Cost.N != 0 {
		t.Errorf("costs without usage: %+v", none.Cost)
	}
	_, vs2, err := ReadDatasetWith(dir, DatasetRead{Policies: 1, NoRunIDs: true, NoUsage: true})
	if err != nil {
		t.Fatal(err)
	}
	for i := range vs2[0] {
		if v := &vs2[0][i]; v.RunID() != "" || v.Usage().Known != 0 || v.Config() != vs[i].Config() {
			t.Errorf("verdict %d: run id %q, usage %+v read", i, v.RunID(), v.Usage())
		}
	}
	files, _ := filepath.Glob(filepath.Join(dir, "config=*", "part-*.parquet"))
	for _, f := range files {
		pf, err := file.OpenParquetFile(f, false)
		if err != nil {
			t.Fatal(err)
		}
		all, _ := wantedGroups(pf, 0)
		one, _ := wantedGroups(pf, 1)
		pf.Close()
		if len(all) != 2 || len(one) != 1 || one[0] != 0 {
			t.Errorf("%s: row groups %v, for the first policy %v: want one per policy, the first alone", f, all, one)
		}
	}
	other, _ := casespec.NewBench("b", []*casespec.Case{realCase(t, "SAB-V1-001")}, nil, casespec.BenchOptions{})
	if _, err := Scored(dir, other, "x", DatasetRead{}); err == nil || err.Error() != dir+": case SAB-V2-001 of run run-0 is not in the bench b" {
		t.Errorf("unknown case: %v", err)
	}
	custom := oracle.SafeAct
	custom.Name = "custom"
	dir2 := t.TempDir()
	if err := WriteDataset(dir2, 0, []oracle.Policy{custom}, [][]oracle.Verdict{vs}, func(i int) int64 { return int64(i) }, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := Scored(dir2, bench, "x", DatasetRead{}); err == nil || !strings.HasPrefix(err.Error(), dir2+": policy custom (settings ") {
		t.Errorf("a policy that is not a preset: %v", err)
	}
}

// realCase reads one case of the real SafeActBench cases in ingest's testdata.
func realCase(t *testing.T, id string) *casespec.Case {
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
	return &casespec.Case{ID: id, BaseID: id, Protocol: p, Domain: env, Spec: spec}
}
