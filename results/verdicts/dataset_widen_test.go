package verdicts

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"
	"github.com/sabench/sabench-stats/oracle"
	"github.com/sabench/sabench-stats/results/fsx"
	"github.com/sabench/sabench-stats/results/pqrows"
)

// TestDatasetNarrowIntegers: a dataset file whose int64 columns another tool rewrote as
// narrower integers (int32, int16, uint8) reads as the same verdicts: widening loses
// nothing. It was refused ("column repeat: not an int64 column"). A column of
// another kind is still refused, naming the file's type.
func TestDatasetNarrowIntegers(t *testing.T) {
	pol := oracle.SafeAct
	vs := []oracle.Verdict{
		fuzzVerdict("run-a", "m/h", "SAB-V2-001", "O", "F", 2, false, true, true, 3, 1),
		fuzzVerdict("run-b", "m/h", "SAB-V2-002", "O", "F", 0, false, false, true, 0, 0),
	}
	dir := t.TempDir()
	path := filepath.Join(dir, DatasetPartition("m/h"), "part-0000.parquet")
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := fsx.WriteFileAtomic(path, func(w io.Writer) error {
		pw, err := parquetRows(w, datasetColumns, pqrows.Options{})
		if err != nil {
			return err
		}
		for i := range vs {
			if err := pw.Add(Row{&vs[i], &pol, 0, int64(i)}); err != nil {
				return err
			}
		}
		return pw.Close()
	}); err != nil {
		t.Fatal(err)
	}
	_, want, err := ReadDatasetWith(dir, DatasetRead{})
	if err != nil {
		t.Fatal(err)
	}
	narrow := []arrow.DataType{arrow.PrimitiveTypes.Int32, arrow.PrimitiveTypes.Int16, arrow.PrimitiveTypes.Uint8}
	rewrite(t, path, func(i int, f arrow.Field, col arrow.Array) (arrow.DataType, arrow.Array) {
		if f.Type.ID() != arrow.INT64 {
			return f.Type, col
		}
		typ := narrow[i%len(narrow)]
		b := array.NewBuilder(memory.DefaultAllocator, typ)
		defer b.Release()
		in := col.(*array.Int64)
		for r := 0; r < in.Len(); r++ {
			switch {
			case in.IsNull(r):
				b.AppendNull()
			case typ.ID() == arrow.INT32:
				b.(*array.Int32Builder).Append(int32(in.Value(r)))
			case typ.ID() == arrow.INT16:
				b.(*array.Int16Builder).Append(int16(in.Value(r)))
			default:
				b.(*array.Uint8Builder).Append(uint8(in.Value(r)))
			}
		}
		return typ, b.NewArray()
	})
	_, got, err := ReadDatasetWith(dir, DatasetRead{})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || len(got[0]) != len(vs) {
		t.Fatalf("narrow integers: %d policies read", len(got))
	}
	for i := range vs {
		if g, w := got[0][i].Fields(), want[0][i].Fields(); !reflect.DeepEqual(g, w) {
			t.Errorf("verdict %d read as\n%+v\nwant\n%+v", i, g, w)
		}
	}
	// A string repeat is refused, naming the file's type.
	rewrite(t, path, func(_ int, f arrow.Field, col arrow.Array) (arrow.DataType, arrow.Array) {
		if f.Name != "repeat" {
			return f.Type, col
		}
		b := array.NewStringBuilder(memory.DefaultAllocator)
		defer b.Release()
		for r := 0; r < col.Len(); r++ {
			b.Append("1")
		}
		return arrow.BinaryTypes.String, b.NewArray()
	})
	_, _, err = ReadDatasetWith(dir, DatasetRead{})
	if want := "part-0000.parquet: row 1: column repeat: not an int64 column (the file's is utf8)"; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("string repeat: %v, want %q", err, want)
	}
}

// rewrite replaces the Parquet file at path by one whose columns are change's (its index,
// field and column give the new type and column), as another tool rewrites a file.
func rewrite(t *testing.T, path string, change func(i int, f arrow.Field, col arrow.Array) (arrow.DataType, arrow.Array)) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	tbl, err := pqarrow.ReadTable(context.Background(), f, parquet.NewReaderProperties(memory.DefaultAllocator), pqarrow.ArrowReadProperties{}, memory.DefaultAllocator)
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	defer tbl.Release()
	var fields []arrow.Field
	var cols []arrow.Array
	for i := 0; i < int(tbl.NumCols()); i++ {
		fld := tbl.Schema().Field(i)
		col, err := array.Concatenate(tbl.Column(i).Data().Chunks(), memory.DefaultAllocator)
		if err != nil {
			t.Fatal(err)
		}
		typ, out := change(i, fld, col)
		fld.Type = typ
		fields = append(fields, fld)
		cols = append(cols, out)
	}
	out := array.NewRecordBatch(arrow.NewSchema(fields, nil), cols, tbl.NumRows())
	defer out.Release()
	w, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	if err := pqarrow.WriteTable(array.NewTableFromRecords(out.Schema(), []arrow.RecordBatch{out}), w, 1024, nil, pqarrow.DefaultWriterProps()); err != nil {
		t.Fatal(err)
	}
}
