package casespec

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestBenchCasesFolderReadsWhatIsBesideIt: --bench DIR/cases (a bench's cases folder given
// for the bench) took its evidence from DIR/evidence but its shipped sets from
// DIR/cases/sets (none) and its dataset name from DIR/cases/env_manifest.json (none):
// the sets, the env manifest and the evidence now all come from DIR, as with --bench DIR.
func TestBenchCasesFolderReadsWhatIsBesideIt(t *testing.T) {
	src := filepath.Join("..", "testdata", "safeactbench")
	dir := t.TempDir()
	for _, sub := range []string{"cases", "evidence"} {
		os.Mkdir(filepath.Join(dir, sub), 0o755)
		ents, err := os.ReadDir(filepath.Join(src, sub))
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range ents {
			data, err := os.ReadFile(filepath.Join(src, sub, e.Name()))
			if err != nil {
				t.Fatal(err)
			}
			os.WriteFile(filepath.Join(dir, sub, e.Name()), data, 0o644)
		}
	}
	env, _ := os.ReadFile(filepath.Join(src, "env_manifest.json"))
	os.WriteFile(filepath.Join(dir, "env_manifest.json"), env, 0o644)
	os.Mkdir(filepath.Join(dir, "sets"), 0o755)
	set := filepath.Join(dir, "sets", "mine.txt")
	os.WriteFile(set, []byte("SAB-V1-001\n"), 0o644)

	whole, err := LoadBench(dir, BenchOptions{})
	if err != nil {
		t.Fatal(err)
	}
	cases, err := LoadBench(filepath.Join(dir, "cases"), BenchOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(cases.Sets["mine"], []string{"SAB-V1-001"}) || !slices.Equal(whole.Sets["mine"], cases.Sets["mine"]) {
		t.Errorf("sets: %v from DIR/cases, %v from DIR", cases.Sets, whole.Sets)
	}
	if whole.DatasetID == "" || cases.DatasetID != whole.DatasetID || cases.DatasetVersion != whole.DatasetVersion {
		t.Errorf("dataset %q %q from DIR/cases, %q %q from DIR", cases.DatasetID, cases.DatasetVersion, whole.DatasetID, whole.DatasetVersion)
	}
	if len(cases.Evidence) == 0 || len(cases.Evidence) != len(whole.Evidence) {
		t.Errorf("evidence: %d from DIR/cases, %d from DIR", len(cases.Evidence), len(whole.Evidence))
	}
	if got, want := cases.InputFiles(BenchOptions{}), whole.InputFiles(BenchOptions{}); !slices.Equal(got, want) || !slices.Contains(got, set) {
		t.Errorf("input files from DIR/cases:\n%v\nfrom DIR:\n%v", got, want)
	}
}
