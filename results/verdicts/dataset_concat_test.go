package verdicts

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/oracle"
)

// TestDatasetPartAppendedToItself: a part file appended to itself read as one copy, with
// no word; it is refused now, as an episode file so made is (ingest.CheckParquetChunks).
func TestDatasetPartAppendedToItself(t *testing.T) {
	var vs []oracle.Verdict
	for i := 0; i < 4; i++ {
		vs = append(vs, fuzzVerdict("run-"+string(rune('a'+i)), "m/h", "SAB-V2-001", "O", "F", i, false, i%2 == 0, false, 0, 1))
	}
	dir := t.TempDir()
	if err := WriteDataset(dir, 0, []oracle.Policy{oracle.SafeAct}, [][]oracle.Verdict{vs}, func(i int) int64 { return int64(i) }, nil); err != nil {
		t.Fatal(err)
	}
	if _, _, err := ReadDatasetWith(dir, DatasetRead{}); err != nil {
		t.Fatal(err)
	}
	parts, _ := filepath.Glob(filepath.Join(dir, "*", "*.parquet"))
	if len(parts) != 1 {
		t.Fatalf("parts %v", parts)
	}
	data, err := os.ReadFile(parts[0])
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(parts[0], append(data, data...), 0o644); err != nil {
		t.Fatal(err)
	}
	_, _, err = ReadDatasetWith(dir, DatasetRead{})
	if want := parts[0] + ": two Parquet files in one"; err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Errorf("%v, want %s…", err, want)
	}
}
