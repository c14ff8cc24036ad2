package ingest

import (
	"bytes"
	"os"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/file"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"
)

// TestParquetMagicInValuesIsOneFile: the bytes PAR1 in values (pages, dictionaries, page
// statistics, column indexes, the footer's statistics) and regions the footer points at past
// the chunks (DuckDB's bloom filters, arrow-go's page indexes) are not taken for a second
// file: the appended-file check reads only what no footer field describes.
func TestParquetMagicInValuesIsOneFile(t *testing.T) {
	check := func(name string, data []byte) {
		t.Helper()
		pf, err := file.NewParquetReader(bytes.NewReader(data))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if err := CheckParquetChunks(pf.MetaData(), bytes.NewReader(data), int64(len(data))); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
	duck, err := os.ReadFile("testdata/parquet/duckdb-magic-values.parquet")
	if err != nil {
		t.Fatal(err)
	}
	check("DuckDB", duck)
	schema := arrow.NewSchema([]arrow.Field{{Name: "s", Type: arrow.BinaryTypes.String}, {Name: "t", Type: arrow.BinaryTypes.String}}, nil)
	for _, pageIndex := range []bool{false, true} {
		for _, dict := range []bool{false, true} {
			var buf bytes.Buffer
			props := parquet.NewWriterProperties(parquet.WithPageIndexEnabled(pageIndex), parquet.WithDictionaryDefault(dict), parquet.WithMaxRowGroupLength(2))
			fw, err := pqarrow.NewFileWriter(schema, &buf, props, pqarrow.DefaultWriterProps())
			if err != nil {
				t.Fatal(err)
			}
			b := array.NewRecordBuilder(memory.DefaultAllocator, schema)
			b.Field(0).(*array.StringBuilder).AppendValues([]string{"a", "PAR1", "zzPAR1", "PAR1PAR1"}, nil)
			b.Field(1).(*array.StringBuilder).AppendValues([]string{"PAR1", "b", "PAR1", "PAR1"}, nil)
			if err := fw.Write(b.NewRecordBatch()); err != nil {
				t.Fatal(err)
			}
			if err := fw.Close(); err != nil {
				t.Fatal(err)
			}
			if bytes.Count(buf.Bytes(), parquetMagic) < 8 {
				t.Fatalf("page index %v, dictionary %v: the values' magic is not in the file", pageIndex, dict)
			}
			check("arrow-go", buf.Bytes())
		}
	}
}
