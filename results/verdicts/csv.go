package verdicts

import (
	"encoding/csv"
	"io"
	"strconv"

	"github.com/sabench/sabench-stats/oracle"
)

// writeVerdictsCSV writes a header of column names and one record per verdict; null is "".
func csvVerdictWriter(w io.Writer, pols []oracle.Policy) (write func([][]oracle.Verdict) error, close func() error, err error) {
	cw := csv.NewWriter(w)
	rec := make([]string, len(Columns))
	for i, col := range Columns {
		rec[i] = col.Name
	}
	if err := cw.Write(rec); err != nil {
		return nil, nil, err
	}
	write = func(vs [][]oracle.Verdict) error {
		return eachVerdict(pols, vs, func(v Row) error {
			for i, col := range Columns {
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
	}
	close = func() error {
		cw.Flush()
		return cw.Error()
	}
	return write, close, nil
}
