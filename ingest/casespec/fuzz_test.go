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

// checkoutFiles are the files of a checkout FuzzLoadCheckout replaces, one at a time.
var checkoutFiles = []string{"env/case_manifest.json", "env/cases.json", "env/non_execution_cases.json",
	"env/state_action_cases.json", "env/linear_workflow_cases.json", "env/multi_step_cases.json",
	"env/case_evidence.json", "sets/matched.txt"}

// FuzzLoadCheckout replaces one file of a checkout of the real cases (the manifest, a
// catalog, the case evidence, a case set) with arbitrary bytes: never a panic; a failure
// is a list of problems, each naming a file; a bench it loads has every case in a cluster
// and decodes every spec without a panic.
func FuzzLoadCheckout(f *testing.F) {
	root := writeCheckout(f, nil)
	for i, name := range checkoutFiles {
		data, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(name)))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(uint8(i), data)
	}
	f.Add(uint8(0), []byte(`{"case_count":1,"entries":[{"case_id":"SAB-L-001","protocol":"legacy","catalog":"cases.json","case_spec_sha256":"x"}],"dataset_id":7}`))
	f.Add(uint8(6), []byte(`{"case_count":2,"cases":[{"case_id":"SAB-V0-166","evidence":[1]},null]}`))
	f.Fuzz(func(t *testing.T, which uint8, data []byte) {
		dir := t.TempDir()
		if err := os.CopyFS(dir, os.DirFS(root)); err != nil {
			t.Fatal(err)
		}
		name := checkoutFiles[int(which)%len(checkoutFiles)]
		if err := os.WriteFile(filepath.Join(dir, filepath.FromSlash(name)), data, 0o644); err != nil {
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
		for _, c := range b.Cases {
			if c.Cluster == "" {
				t.Fatalf("case %s in no cluster", c.ID)
			}
			DecodeSpec(c)
		}
	})
}

// FuzzLoadCaseDir replaces one file of a case folder of the real cases (a case, a case's
// evidence, env_manifest.json) with arbitrary bytes: never a panic; a failure is a list of
// problems, each naming a file; a bench it loads has every case in a cluster.
func FuzzLoadCaseDir(f *testing.F) {
	src := f.TempDir()
	var files []string
	for _, pat := range []string{"cases/*.json", "evidence/*.json", "env_manifest.json"} {
		m, _ := filepath.Glob(filepath.Join(realDir, pat))
		for _, p := range m {
			rel, _ := filepath.Rel(realDir, p)
			data, err := os.ReadFile(p)
			if err != nil {
				f.Fatal(err)
			}
			os.MkdirAll(filepath.Join(src, filepath.Dir(rel)), 0o755)
			if err := os.WriteFile(filepath.Join(src, rel), data, 0o644); err != nil {
				f.Fatal(err)
			}
			f.Add(uint8(len(files)), data)
			files = append(files, rel)
		}
	}
	f.Fuzz(func(t *testing.T, which uint8, data []byte) {
		dir := t.TempDir()
		if err := os.CopyFS(dir, os.DirFS(src)); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, files[int(which)%len(files)]), data, 0o644); err != nil {
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
		for _, c := range b.Cases {
			if c.Cluster == "" {
				t.Fatalf("case %s in no cluster", c.ID)
			}
			DecodeSpec(c)
		}
	})
}
