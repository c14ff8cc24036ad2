package verdicts

import (
	"io"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/sabench/sabench-stats/oracle"
	"github.com/sabench/sabench-stats/results/pqrows"
)

// arrowType is the Parquet (Arrow) type of a verdict column kind.
func (k Kind) arrowType() arrow.DataType {
	switch k {
	case KindInt:
		return arrow.PrimitiveTypes.Int64
	case KindBool:
		return arrow.FixedWidthTypes.Boolean
	case KindFloat:
		return arrow.PrimitiveTypes.Float64
	}
	return arrow.BinaryTypes.String
}

// parquetRows starts a Parquet file of the given columns (with o's metadata).
func parquetRows(w io.Writer, cols []Column, o pqrows.Options) (*pqrows.Writer[Row], error) {
	fields := make([]pqrows.Field[Row], len(cols))
	for i, col := range cols {
		fields[i] = pqrows.Field[Row]{Name: col.Name, Type: col.Kind.arrowType(), Get: col.Get}
	}
	return pqrows.New(w, fields, o)
}

func parquetVerdictWriter(w io.Writer, pols []oracle.Policy) (write func([][]oracle.Verdict) error, close func() error, err error) {
	pw, err := parquetRows(w, Columns, pqrows.Options{})
	if err != nil {
		return nil, nil, err
	}
	write = func(vs [][]oracle.Verdict) error { return eachVerdict(pols, vs, pw.Add) }
	return write, pw.Close, nil
}
