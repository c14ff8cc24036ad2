package verdicts

import (
	"io"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/compress"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"
	"github.com/sabench/sabench-stats/oracle"
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

func columnSchema(cols []Column) *arrow.Schema {
	fields := make([]arrow.Field, len(cols))
	for i, col := range cols {
		fields[i] = arrow.Field{Name: col.Name, Type: col.Kind.arrowType(), Nullable: true}
	}
	return arrow.NewSchema(fields, nil)
}

// parquetRows is the number of verdicts per record batch (and row group).
const parquetBatch = 64 * 1024

// noClose hides the sink's Close from pqarrow.FileWriter.Close, which would otherwise
// close a file that fsx.WriteFileAtomic still has to fsync and rename.
type noClose struct{ io.Writer }

func parquetVerdictWriter(w io.Writer, pols []oracle.Policy) (write func([][]oracle.Verdict) error, close func() error, err error) {
	add, _, close, err := parquetRows(w, Columns)
	if err != nil {
		return nil, nil, err
	}
	write = func(vs [][]oracle.Verdict) error { return eachVerdict(pols, vs, add) }
	return write, close, nil
}

// parquetRows starts a Parquet file of the given columns; add appends one row, flush ends
// the row group (one is also ended every parquetBatch rows).
func parquetRows(w io.Writer, cols []Column) (add func(Row) error, flush func() error, close func() error, err error) {
	mem := memory.DefaultAllocator
	schema := columnSchema(cols)
	// A dictionary never falls back to PLAIN (a row group's run ids are a few MB): arrow-go
	// v18 lists the page encodings of a chunk that fell back in map order, so the footer
	// differed from run to run (as the episode writer found, ingest.NewParquetWriter).
	props := parquet.NewWriterProperties(parquet.WithAllocator(mem), parquet.WithCompression(compress.Codecs.Zstd),
		parquet.WithMaxRowGroupLength(parquetBatch), parquet.WithDictionaryDefault(true), parquet.WithCreatedBy("sabench-stats"),
		parquet.WithDictionaryPageSizeLimit(1<<30))
	fw, err := pqarrow.NewFileWriter(schema, noClose{w}, props,
		pqarrow.NewArrowWriterProperties(pqarrow.WithStoreSchema(), pqarrow.WithAllocator(mem)))
	if err != nil {
		return nil, nil, nil, err
	}
	b := array.NewRecordBuilder(mem, schema)
	pending := 0
	flush = func() error {
		if pending == 0 {
			return nil
		}
		rec := b.NewRecordBatch()
		defer rec.Release()
		pending = 0
		return fw.Write(rec)
	}
	add = func(v Row) error {
		for i, col := range cols {
			appendArrow(b.Field(i), col.Get(v))
		}
		if pending++; pending == parquetBatch {
			return flush()
		}
		return nil
	}
	close = func() error {
		defer b.Release()
		err := flush()
		if cerr := fw.Close(); err == nil {
			err = cerr
		}
		return err
	}
	return add, flush, close, nil
}

func appendArrow(b array.Builder, x any) {
	switch x := x.(type) {
	case nil:
		b.AppendNull()
	case string:
		b.(*array.StringBuilder).Append(x)
	case int64:
		b.(*array.Int64Builder).Append(x)
	case bool:
		b.(*array.BooleanBuilder).Append(x)
	case float64:
		b.(*array.Float64Builder).Append(x)
	}
}
