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

// TestDatasetColumnTypes: a dataset file whose column has another type than the
// dataset's is refused, naming the file, the row and the column.
func TestDatasetColumnTypes(t *testing.T) {
	v := fuzzVerdict("run-a", "m/h", "SAB-V2-001", "O", "F", 0, false, true, true, 0, 1)
	pol := oracle.SafeAct
	for _, tc := range []struct {
		retype map[string]Kind
		want   string
	}{
		{map[string]Kind{"repeat": KindString}, "row 1: column repeat: not an int64 column"},
		{map[string]Kind{"case_id": KindInt}, "row 1: column case_id: not a string column"},
		{map[string]Kind{"ecs": KindFloat}, "row 1: column ecs: not a boolean column"},
		{map[string]Kind{"usage_cost_usd": KindInt}, "row 1: column usage_cost_usd: not a double column"},
		// Of two, the first the row meets is named.
		{map[string]Kind{"case_id": KindInt, "repeat": KindString}, "row 1: column case_id: not a string column"},
		{map[string]Kind{"ecs": KindFloat, "usage_cost_usd": KindInt}, "row 1: column ecs: not a boolean column"},
	} {
		cols := make([]Column, len(datasetColumns))
		copy(cols, datasetColumns)
		for i, c := range cols {
			if k, ok := tc.retype[c.Name]; ok {
				cols[i].Kind = k
				cols[i].Get = func(Row) any {
					switch k {
					case KindInt:
						return int64(1)
					case KindBool:
						return true
					case KindFloat:
						return 1.5
					}
					return "x"
				}
			}
		}
		dir := t.TempDir()
		path := filepath.Join(dir, DatasetPartition("m/h"), "part-0000.parquet")
		os.MkdirAll(filepath.Dir(path), 0o755)
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
		if err == nil || !strings.Contains(err.Error(), "part-0000.parquet: "+tc.want) {
			t.Errorf("%v: %v, want %q", tc.retype, err, tc.want)
		}
	}
}
