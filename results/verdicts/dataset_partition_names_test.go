package verdicts

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/oracle"
)

// TestDatasetPartitionNames: configurations whose names differ only in case, or hold a
// ":" or end in ".", get partition directories that a case-insensitive file system
// (macOS, Windows) and Windows hold apart, and read back as written.
func TestDatasetPartitionNames(t *testing.T) {
	names := []string{"GPT-4o (2024-08-06)/ReAct", "GPT-4o (2024-08-06)/react", "gpt-4o (2024-08-06)/REACT",
		"bedrock/anthropic.claude-3-5-sonnet-v1:0", "v1.", "v1", "..", "模型-A", "Élan", "élan", "m/h", "50% budget"}
	seen := map[string]string{}
	for _, n := range names {
		d := DatasetPartition(n)
		if strings.ContainsAny(d, ":/\\") || strings.HasSuffix(d, ".") {
			t.Errorf("%q: partition %q holds a character Windows cannot hold in a name", n, d)
		}
		if o, ok := seen[strings.ToLower(d)]; ok {
			t.Errorf("%q and %q: partitions %q and %q differ only in case", o, n, DatasetPartition(o), d)
		}
		seen[strings.ToLower(d)] = n
	}
	if got := DatasetPartition("m/h"); got != "config=m%2Fh" {
		t.Errorf("m/h: %q, want config=m%%2Fh", got)
	}
	if got := DatasetPartition("GPT-4o:v1."); got != "config=%47%50%54-4o%3Av1%2E" {
		t.Errorf("GPT-4o:v1.: %q", got)
	}
	// Written and read back: every name as it was.
	dir := t.TempDir()
	var vs []oracle.Verdict
	for i, n := range names {
		vs = append(vs, fuzzVerdict("run-"+string(rune('a'+i)), n, "SAB-V2-001", "O", "F", 0, false, true, true, 0, 1))
	}
	if err := WriteDataset(dir, 0, []oracle.Policy{oracle.SafeAct}, [][]oracle.Verdict{vs}, func(i int) int64 { return int64(i) }, nil); err != nil {
		t.Fatal(err)
	}
	parts, _ := filepath.Glob(filepath.Join(dir, "config=*"))
	if len(parts) != len(names) {
		t.Errorf("%d partitions for %d names", len(parts), len(names))
	}
	_, got, err := ReadDatasetWith(dir, DatasetRead{})
	if err != nil {
		t.Fatal(err)
	}
	var read []string
	for _, v := range got[0] {
		read = append(read, v.Config())
	}
	if !slices.Equal(read, names) {
		t.Errorf("read back %q, want %q", read, names)
	}
}
