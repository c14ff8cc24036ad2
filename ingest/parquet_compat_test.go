package ingest

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// TestReadParquetRecordOnly: testdata/parquet/record_only.parquet was written before the
// record_frame column and the events rest field existed (the record read from its JSON
// text only); it must still read to exactly record_only.jsonl. The fixture is frozen:
// -update rewrites only the .jsonl, from reading the .parquet.
func TestReadParquetRecordOnly(t *testing.T) {
	pq := filepath.Join("testdata", "parquet", "record_only.parquet")
	golden := filepath.Join("testdata", "parquet", "record_only.jsonl")
	got := jsonlBytes(readAll(t, pq, ReadOptions{}))
	if *update {
		if err := os.WriteFile(golden, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s reads differently from %s", pq, golden)
	}
}
