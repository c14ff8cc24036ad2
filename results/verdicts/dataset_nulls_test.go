package verdicts

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/oracle"
	"github.com/sabench/sabench-stats/results/fsx"
	"github.com/sabench/sabench-stats/results/pqrows"
)

// TestDatasetNulls: a null where score never writes one (a dataset file rewritten by
// another tool, DuckDB's CASE … THEN NULL) is refused, naming the file, the row and the
// column; a null ecs on a scored row read as a failure and changed T2 with exit 0. The
// nulls score writes (ecs on an excluded row, exclusion_reason on a scored one) read.
func TestDatasetNulls(t *testing.T) {
	scored := fuzzVerdict("run-a", "m/h", "SAB-V2-001", "O", "F", 0, false, true, true, 0, 1)
	excluded := fuzzVerdict("run-a", "m/h", "SAB-V2-001", "O", "F", 0, true, false, false, 0, 1)
	pol := oracle.SafeAct
	for _, tc := range []struct {
		v    oracle.Verdict
		null string
		want string // "" when the row reads
	}{
		{scored, "ecs", "row 1: column ecs: null, which score leaves on an excluded row only"},
		{scored, "trusted_keys", "row 1: column trusted_keys: null, which score leaves on an excluded row only"},
		{scored, "repeat", "row 1: column repeat: null, which score leaves no row"},
		{scored, "excluded", "row 1: column excluded: null, which score leaves no row"},
		{excluded, "exclusion_reason", "row 1: column exclusion_reason: null, which score leaves on a scored row only"},
		{excluded, "ecs", ""},
		{scored, "exclusion_reason", ""},
		{scored, "official", ""},
	} {
		cols := make([]Column, len(datasetColumns))
		copy(cols, datasetColumns)
		for i, c := range cols {
			if c.Name == tc.null {
				cols[i].Get = func(Row) any { return nil }
			}
		}
		dir := t.TempDir()
		path := filepath.Join(dir, DatasetPartition("m/h"), "part-0000.parquet")
		os.MkdirAll(filepath.Dir(path), 0o755)
		v := tc.v
		if err := fsx.WriteFileAtomic(path, func(w io.Writer) error {
			pw, err := parquetRows(w, cols, pqrows.Options{})
			if err != nil {
				return err
			}
			if err := pw.Add(Row{&v, &pol, 0, 0}); err != nil {
				return err
			}
			return pw.Close()
		}); err != nil {
			t.Fatal(err)
		}
		_, _, err := ReadDatasetWith(dir, DatasetRead{})
		if tc.want == "" && err != nil || tc.want != "" && (err == nil || !strings.Contains(err.Error(), "part-0000.parquet: "+tc.want)) {
			t.Errorf("%s null (excluded %v): %v, want %q", tc.null, v.Excluded(), err, tc.want)
		}
	}
}
