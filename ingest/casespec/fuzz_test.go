package casespec

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/sabench/sabench-stats/ingest"
)

// FuzzLoadBenchCase: no per-case file panics the case loader; every failure is a
// list of problems naming the file.
func FuzzLoadBenchCase(f *testing.F) {
	for _, name := range []string{"SAB-L-001.json", "SAB-V0-166.json"} {
		data, err := os.ReadFile(filepath.Join(realDir, "cases", name))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	for _, s := range []string{`{}`, `{"episode_id":"SAB-V9-001","env_id":"x"}`, `{"case_id":"X@","protocol":"v1"}`,
		`{"case_id":"SAB-V1-001","protocol":"v2","case_spec":{"env_id":"x"}}`, `{"scenario_id":"SAB-L-002","env_id":1}`, `[1]`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		dir := t.TempDir()
		path := filepath.Join(dir, "case.json")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		b, err := LoadBench(dir, BenchOptions{})
		if err != nil {
			ps := ingest.AsProblems(err)
			if len(ps) == 0 {
				t.Fatalf("not a problem list: %v", err)
			}
			for _, p := range ps {
				if p.File == "" {
					t.Fatalf("problem without a file: %v", p)
				}
			}
			return
		}
		if len(b.Cases) != 1 || b.Cases[0].Cluster == "" {
			t.Fatalf("loaded %d cases, cluster %q", len(b.Cases), b.Cases[0].Cluster)
		}
	})
}
