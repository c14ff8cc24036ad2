package ingest

import (
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"
)

// writeExtraColumnParquet writes rows episodes with the columns given after the episode's
// own (string columns, each cell "x").
func writeExtraColumnParquet(t *testing.T, rows int, extra ...string) string {
	t.Helper()
	fields := []arrow.Field{
		{Name: "config", Type: arrow.BinaryTypes.String},
		{Name: "case_id", Type: arrow.BinaryTypes.String},
		{Name: "repeat", Type: arrow.PrimitiveTypes.Int64},
		{Name: "status", Type: arrow.BinaryTypes.String},
		{Name: "record", Type: arrow.BinaryTypes.String},
	}
	for _, n := range extra {
		fields = append(fields, arrow.Field{Name: n, Type: arrow.BinaryTypes.String})
	}
	schema := arrow.NewSchema(fields, nil)
	b := array.NewRecordBuilder(memory.NewGoAllocator(), schema)
	defer b.Release()
	for i := range rows {
		b.Field(0).(*array.StringBuilder).Append("m/h")
		b.Field(1).(*array.StringBuilder).Append("SAB-V1-001")
		b.Field(2).(*array.Int64Builder).Append(int64(i))
		b.Field(3).(*array.StringBuilder).Append("completed")
		b.Field(4).(*array.StringBuilder).Append(`{"events":[]}`)
		for j := range extra {
			b.Field(5 + j).(*array.StringBuilder).Append("x")
		}
	}
	rec := b.NewRecordBatch()
	defer rec.Release()
	p := filepath.Join(t.TempDir(), "extra.parquet")
	f, err := os.Create(p)
	if err != nil {
		t.Fatal(err)
	}
	w, err := pqarrow.NewFileWriter(schema, f, nil, pqarrow.DefaultWriterProps())
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Write(rec); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return p
}

// A Parquet column the episode format does not define is in every row: validate listed
// one problem a row (a thousand, and the rest counted); it is one problem naming the file
// and the column. Lenient reading still keeps the column under extra, row by row.
func TestParquetUnknownColumnOnce(t *testing.T) {
	p := writeExtraColumnParquet(t, 1500, "my_extra")
	rep, err := Validate([]string{p}, ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	want := p + `: my_extra: unknown top-level column, in every row (fields of your own belong under "extra")`
	if len(rep.Problems) != 1 || rep.Problems[0].String() != want || rep.Unlisted != 0 {
		t.Errorf("problems %d (%d unlisted), first %v; want one: %s", len(rep.Problems), rep.Unlisted, rep.Problems, want)
	}
	r, err := OpenEpisodes(p, ReadOptions{})
	if err == nil {
		_, err = r.Next()
	}
	if err == nil || err.Error() != want {
		t.Errorf("reading: %v, want %s", err, want)
	}

	two := writeExtraColumnParquet(t, 2, "b", "a")
	r, err = OpenEpisodes(two, ReadOptions{})
	if err == nil {
		_, err = r.Next()
	}
	if want := two + `: unknown top-level columns "b", "a", in every row (fields of your own belong under "extra")`; err == nil || err.Error() != want {
		t.Errorf("two columns: %v, want %s", err, want)
	}

	r, err = OpenEpisodes(p, ReadOptions{Lenient: true})
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for {
		e, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		if v, _ := e.Extra.String("my_extra"); v != "x" || e.Defect != DefectUnknownField {
			t.Fatalf("lenient: extra %v, defect %q", e.Extra, e.Defect)
		}
		n++
	}
	if n != 1500 {
		t.Errorf("lenient: %d episodes, want 1500", n)
	}
}
