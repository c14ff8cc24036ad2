//go:build ignore

// gen_fixture writes foreign.parquet: the rows of foreign_rows.json laid out the way
// write_fixture.py (pyarrow) lays them out, with a writer configuration unlike the
// package's own: no stored Arrow schema, Snappy, data page v1, no dictionary except on
// condition, large strings, int32 repeat, a dictionary-encoded condition, columns in
// another order, optional columns missing, a pandas index column, two rows per row group.
//
//	go run gen_fixture.go
package main

import (
	"encoding/json"
	"log"
	"os"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/compress"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"
)

var pandasMeta = arrow.NewMetadata([]string{"pandas"}, []string{`{"index_columns":["__index_level_0__"],"creator":{"library":"pyarrow"}}`})

func main() {
	data, err := os.ReadFile("foreign_rows.json")
	if err != nil {
		log.Fatal(err)
	}
	var raw []map[string]json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		log.Fatal(err)
	}
	event := arrow.StructOf(
		arrow.Field{Name: "type", Type: arrow.BinaryTypes.String, Nullable: true},
		arrow.Field{Name: "call_id", Type: arrow.BinaryTypes.String, Nullable: true},
		arrow.Field{Name: "tool", Type: arrow.BinaryTypes.String, Nullable: true},
		arrow.Field{Name: "arguments", Type: arrow.BinaryTypes.String, Nullable: true},
		arrow.Field{Name: "evidence_delta_key", Type: arrow.BinaryTypes.String, Nullable: true},
		arrow.Field{Name: "tool_status", Type: arrow.BinaryTypes.String, Nullable: true},
	)
	schema := arrow.NewSchema([]arrow.Field{
		{Name: "case_id", Type: arrow.BinaryTypes.LargeString, Nullable: true},
		{Name: "config", Type: arrow.BinaryTypes.LargeString, Nullable: true},
		{Name: "repeat", Type: arrow.PrimitiveTypes.Int32, Nullable: true},
		{Name: "condition", Type: &arrow.DictionaryType{IndexType: arrow.PrimitiveTypes.Int32, ValueType: arrow.BinaryTypes.String}, Nullable: true},
		{Name: "status", Type: arrow.BinaryTypes.String, Nullable: true},
		{Name: "failure_class", Type: arrow.BinaryTypes.String, Nullable: true},
		{Name: "record", Type: arrow.BinaryTypes.LargeString, Nullable: true},
		{Name: "run_id", Type: arrow.BinaryTypes.String, Nullable: true},
		{Name: "usage", Type: arrow.BinaryTypes.String, Nullable: true},
		{Name: "events", Type: arrow.ListOf(event), Nullable: true},
		{Name: "__index_level_0__", Type: arrow.PrimitiveTypes.Int64, Nullable: true},
	}, &pandasMeta)
	mem := memory.DefaultAllocator
	b := array.NewRecordBuilder(mem, schema)
	defer b.Release()
	str := func(i int, v json.RawMessage) {
		var s *string
		json.Unmarshal(v, &s)
		switch fb := b.Field(i).(type) {
		case *array.LargeStringBuilder:
			if s == nil {
				fb.AppendNull()
			} else {
				fb.Append(*s)
			}
		case *array.StringBuilder:
			if s == nil {
				fb.AppendNull()
			} else {
				fb.Append(*s)
			}
		case *array.BinaryDictionaryBuilder:
			if s == nil {
				fb.AppendNull()
			} else if err := fb.AppendString(*s); err != nil {
				log.Fatal(err)
			}
		}
	}
	for n, r := range raw {
		str(0, r["case_id"])
		str(1, r["config"])
		var rep int32
		json.Unmarshal(r["repeat"], &rep)
		b.Field(2).(*array.Int32Builder).Append(rep)
		str(3, r["condition"])
		str(4, r["status"])
		str(5, r["failure_class"])
		str(6, r["record"])
		str(7, r["run_id"])
		str(8, r["usage"])
		lb := b.Field(9).(*array.ListBuilder)
		var evs *[]map[string]*string
		json.Unmarshal(r["events"], &evs)
		if evs == nil {
			lb.AppendNull()
		} else {
			lb.Append(true)
			sb := lb.ValueBuilder().(*array.StructBuilder)
			for _, ev := range *evs {
				sb.Append(true)
				for i, k := range []string{"type", "call_id", "tool", "arguments", "evidence_delta_key", "tool_status"} {
					fb := sb.FieldBuilder(i).(*array.StringBuilder)
					if v := ev[k]; v == nil {
						fb.AppendNull()
					} else {
						fb.Append(*v)
					}
				}
			}
		}
		b.Field(10).(*array.Int64Builder).Append(int64(100 + n))
	}
	rec := b.NewRecordBatch()
	defer rec.Release()
	f, err := os.Create("foreign.parquet")
	if err != nil {
		log.Fatal(err)
	}
	defer f.Close()
	props := parquet.NewWriterProperties(parquet.WithCompression(compress.Codecs.Snappy),
		parquet.WithDictionaryDefault(false), parquet.WithDictionaryFor("condition", true),
		parquet.WithDataPageVersion(parquet.DataPageV1), parquet.WithMaxRowGroupLength(2),
		parquet.WithCreatedBy("parquet-cpp-arrow version 17.0.0 (layout imitated by gen_fixture.go)"))
	w, err := pqarrow.NewFileWriter(schema, f, props, pqarrow.NewArrowWriterProperties())
	if err != nil {
		log.Fatal(err)
	}
	if err := w.Write(rec); err != nil {
		log.Fatal(err)
	}
	if err := w.Close(); err != nil {
		log.Fatal(err)
	}
}
