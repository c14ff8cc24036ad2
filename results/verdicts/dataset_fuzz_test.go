package verdicts

import (
	"encoding/binary"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/oracle"
)

// FuzzDatasetFile reads arbitrary bytes as the one part file of a verdict dataset, seeded
// with files WriteDataset wrote: never a panic; an error names the file or the dataset; a
// dataset it accepts reads the same twice, is refused with its part file appended to
// itself, and, written again under its policies, reads back as the same verdicts.
func FuzzDatasetFile(f *testing.F) {
	pols := []oracle.Policy{oracle.SafeAct, oracle.Presets[1]}
	var vs []oracle.Verdict
	for i := 0; i < 6; i++ {
		vs = append(vs, fuzzVerdict("run-"+string(rune('a'+i)), "m/h", []string{"SAB-V2-001", "SAB-L-001", "SAB-V0-166@v1"}[i%3],
			"WORKFLOW_SUCCESS", "", i/3, i == 5, i%2 == 0, i%2 == 0, i%4-1, int8(i%3-1)))
	}
	for _, n := range []int{1, 2} {
		dir := f.TempDir()
		man := &Manifest{Bench: "builtin", Policies: datasetPolicies(pols[:n]), InfraFailures: "exclude", Dedupe: "error", Tool: "fuzz", Shards: 1,
			Inputs: []ManifestFile{{Name: "runs.jsonl", Bytes: 10, SHA256: strings.Repeat("0", 64)}}}
		all := [][]oracle.Verdict{vs, vs}[:n]
		if err := WriteDataset(dir, 0, pols[:n], all, func(i int) int64 { return int64(i) }, man); err != nil {
			f.Fatal(err)
		}
		data, err := os.ReadFile(filepath.Join(dir, DatasetPartition("m/h"), "part-0000.parquet"))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		dir := t.TempDir()
		path := filepath.Join(dir, DatasetPartition("m/h"), "part-0000.parquet")
		os.MkdirAll(filepath.Dir(path), 0o755)
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		got, back, err := ReadDatasetWith(dir, DatasetRead{})
		if err != nil {
			if !strings.Contains(err.Error(), dir) {
				t.Fatalf("the error names neither the file nor the dataset: %v", err)
			}
			return
		}
		got2, back2, err := ReadDatasetWith(dir, DatasetRead{})
		if err != nil || len(got2) != len(got) || !sameVerdicts(back, back2) {
			t.Fatalf("read twice, another result: %v", err)
		}
		// The part file it read, appended to itself, is two files in one: refused naming
		// the file, not read by its last footer as one copy.
		if err := os.WriteFile(path, append(data[:len(data):len(data)], data...), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, _, err := ReadDatasetWith(dir, DatasetRead{}); err == nil || !strings.Contains(err.Error(), path) {
			t.Fatalf("a part file appended to itself: %v", err)
		}
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		var ps []oracle.Policy
		for _, dp := range got {
			p, err := oracle.LookupPolicy(dp.Name)
			if err != nil || p.Hash() != dp.Hash {
				return // a policy of a file: its switches are not in the dataset
			}
			ps = append(ps, p)
		}
		out := t.TempDir()
		if err := WriteDataset(out, 0, ps, back, func(i int) int64 { return int64(i) }, nil); err != nil {
			return // a verdict WriteDataset refuses (a configuration name too long)
		}
		_, again, err := ReadDatasetWith(out, DatasetRead{})
		if err != nil || !sameVerdicts(back, again) {
			t.Fatalf("written again, read back %v", err)
		}
	})
}

func datasetPolicies(ps []oracle.Policy) []DatasetPolicy {
	var out []DatasetPolicy
	for _, p := range ps {
		out = append(out, DatasetPolicy{Name: p.Name, Hash: p.Hash()})
	}
	return out
}

func sameVerdicts(a, b [][]oracle.Verdict) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if len(a[i]) != len(b[i]) {
			return false
		}
		for j := range a[i] {
			if a[i][j].Fields() != b[i][j].Fields() {
				return false
			}
		}
	}
	return true
}

// TestDatasetFileCut cuts a dataset's part file in and around its footer: each read is an
// error naming the file.
func TestDatasetFileCut(t *testing.T) {
	dir := t.TempDir()
	vs := []oracle.Verdict{fuzzVerdict("r", "m/h", "SAB-V2-001", "WORKFLOW_SUCCESS", "", 0, false, true, true, 2, 1)}
	if err := WriteDataset(dir, 0, []oracle.Policy{oracle.SafeAct}, [][]oracle.Verdict{vs}, func(i int) int64 { return int64(i) }, nil); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, DatasetPartition("m/h"), "part-0000.parquet")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	footer := len(data) - 8 - int(binary.LittleEndian.Uint32(data[len(data)-8:]))
	for _, n := range []int{len(data) - 1, len(data) - 8, footer + (len(data)-footer)/2, footer, len(data) / 2} {
		if err := os.WriteFile(path, data[:n], 0o644); err != nil {
			t.Fatal(err)
		}
		if _, _, err := ReadDatasetWith(dir, DatasetRead{}); err == nil || !strings.Contains(err.Error(), path) {
			t.Errorf("cut at %d of %d bytes: %v, want an error naming %s", n, len(data), err, path)
		}
	}
}
