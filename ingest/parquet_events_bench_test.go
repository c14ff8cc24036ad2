package ingest

import (
	"context"
	"os"
	"testing"

	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/parquet/file"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"
)

// BenchmarkParquetEventsColumn reads only the JSON layout's derived events column
// (list<struct>) of the episodes BenchmarkDecodeParquet reads, touching every string of every event but
// building no value. It is the floor of reading events "as columns" instead of parsing
// them from the record's JSON text; SetBytes is the JSONL size, as there.
func BenchmarkParquetEventsColumn(b *testing.B) {
	path, size := parquetCorpus(b, ParquetLayoutJSON)
	b.ResetTimer()
	start := cpuTime()
	for b.Loop() {
		if rows, bytes := readEventsColumn(b, path); rows != benchEpisodes || bytes == 0 {
			b.Fatalf("read %d rows, %d bytes of event strings", rows, bytes)
		}
	}
	reportCPU(b, start, size, benchEpisodes)
}

// readEventsColumn reads the file's events column with the reader's settings and
// returns the rows and the bytes of event strings seen.
func readEventsColumn(b *testing.B, path string) (rows, bytes int) {
	f, err := os.Open(path)
	if err != nil {
		b.Fatal(err)
	}
	pf, err := file.NewParquetReader(f, file.WithReadProps(parquetProps()))
	if err != nil {
		b.Fatal(err)
	}
	defer pf.Close()
	fr, err := pqarrow.NewFileReader(pf, arrowProps, parquetAlloc)
	if err != nil {
		b.Fatal(err)
	}
	var leaves []int
	for i := range fr.Manifest.Fields {
		if fr.Manifest.Fields[i].Field.Name == colEvents {
			for _, c := range fr.Manifest.Fields[i].Children[0].Children {
				leaves = append(leaves, c.ColIndex)
			}
		}
	}
	rr, err := fr.GetRecordReader(context.Background(), leaves, nil)
	if err != nil {
		b.Fatal(err)
	}
	defer rr.Release()
	for rr.Next() {
		rec := rr.RecordBatch()
		list := rec.Column(0).(*array.List)
		ev := list.ListValues().(*array.Struct)
		for i := 0; i < int(rec.NumRows()); i++ {
			rows++
			from, to := list.ValueOffsets(i)
			for j := from; j < to; j++ {
				for k := 0; k < ev.NumField(); k++ {
					if c, ok := ev.Field(k).(*array.String); ok {
						bytes += len(c.Value(int(j)))
					}
				}
			}
		}
	}
	return rows, bytes
}
