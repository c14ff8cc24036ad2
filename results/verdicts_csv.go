package results

import (
	"encoding/csv"
	"io"
	"strconv"

	"github.com/sabench/sabench-stats/oracle"
)

// writeVerdictsCSV writes a header of column names and one record per verdict; null is "".
func writeVerdictsCSV(w io.Writer, pols []oracle.Policy, vs [][]oracle.Verdict) error {
	cw := csv.NewWriter(w)
	rec := make([]string, len(VerdictColumns))
	for i, col := range VerdictColumns {
		rec[i] = col.Name
	}
	if err := cw.Write(rec); err != nil {
		return err
	}
	err := eachVerdict(pols, vs, func(v VerdictRow) error {
		for i, col := range VerdictColumns {
			switch x := col.Get(v).(type) {
			case nil:
				rec[i] = ""
			case string:
				rec[i] = x
			case int64:
				rec[i] = strconv.FormatInt(x, 10)
			case bool:
				rec[i] = strconv.FormatBool(x)
			}
		}
		return cw.Write(rec)
	})
	if err != nil {
		return err
	}
	cw.Flush()
	return cw.Error()
}
