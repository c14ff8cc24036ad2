// Package pqrows writes rows of typed columns as one Parquet file: the single writer
// behind the verdict outputs (results/verdicts) and the Inspect samples output
// (results/samples), with the settings that keep a file's bytes the same from run to
// run.
package pqrows

import (
	"io"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/compress"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"
)

// Batch is the rows per record batch, and so the largest row group.
const Batch = 64 * 1024

// Field is one column: its name, its Arrow type (string, int64, boolean or float64) and
// how a row gives its value (nil, string, int64, bool or float64; nil is null).
type Field[R any] struct {
	Name string
	Type arrow.DataType
	Get  func(R) any
}

// Options are a file's extras.
type Options struct {
	// Key and Value: one key-value pair in the file's metadata (none for an empty Key).
	Key, Value string
	// EmptyGroup: a file that receives no row still holds one empty row group.
	EmptyGroup bool
}

// Writer appends rows of R to a Parquet file.
type Writer[R any] struct {
	fields  []Field[R]
	fw      *pqarrow.FileWriter
	b       *array.RecordBuilder
	pending int
	groups  int
	empty   bool
}

// noClose hides the sink's Close from pqarrow.FileWriter.Close, which would otherwise
// close a file that fsx.WriteFileAtomic still has to fsync and rename.
type noClose struct{ io.Writer }

// New starts a Parquet file of fields on w.
func New[R any](w io.Writer, fields []Field[R], o Options) (*Writer[R], error) {
	mem := memory.DefaultAllocator
	af := make([]arrow.Field, len(fields))
	for i, f := range fields {
		af[i] = arrow.Field{Name: f.Name, Type: f.Type, Nullable: true}
	}
	schema := arrow.NewSchema(af, nil)
	// A dictionary never falls back to PLAIN (a row group's run ids are a few MB): arrow-go
	// v18 lists the page encodings of a chunk that fell back in map order, so the footer
	// differed from run to run (as the episode writer found, ingest.NewParquetWriter).
	props := parquet.NewWriterProperties(parquet.WithAllocator(mem), parquet.WithCompression(compress.Codecs.Zstd),
		parquet.WithMaxRowGroupLength(Batch), parquet.WithDictionaryDefault(true), parquet.WithCreatedBy("sabench-stats"),
		parquet.WithDictionaryPageSizeLimit(1<<30))
	fw, err := pqarrow.NewFileWriter(schema, noClose{w}, props,
		pqarrow.NewArrowWriterProperties(pqarrow.WithStoreSchema(), pqarrow.WithAllocator(mem)))
	if err != nil {
		return nil, err
	}
	if o.Key != "" {
		if err := fw.AppendKeyValueMetadata(o.Key, o.Value); err != nil {
			return nil, err
		}
	}
	return &Writer[R]{fields: fields, fw: fw, b: array.NewRecordBuilder(mem, schema), empty: o.EmptyGroup}, nil
}

// Add appends one row; every Batch rows end a row group.
func (w *Writer[R]) Add(r R) error {
	for i, f := range w.fields {
		appendValue(w.b.Field(i), f.Get(r))
	}
	if w.pending++; w.pending == Batch {
		return w.Flush()
	}
	return nil
}

// Flush ends the row group (nothing when no row is pending).
func (w *Writer[R]) Flush() error {
	if w.pending == 0 {
		return nil
	}
	return w.write()
}

func (w *Writer[R]) write() error {
	rec := w.b.NewRecordBatch()
	defer rec.Release()
	w.pending = 0
	w.groups++
	return w.fw.Write(rec)
}

// Close ends the last row group and the file (not w's sink).
func (w *Writer[R]) Close() error {
	defer w.b.Release()
	err := w.Flush()
	if err == nil && w.groups == 0 && w.empty {
		err = w.write()
	}
	if cerr := w.fw.Close(); err == nil {
		err = cerr
	}
	return err
}

func appendValue(b array.Builder, x any) {
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
