package ingest

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/parquet/file"
)

// TestParquetDamagedPageNamesColumn: a byte changed in a column chunk's pages was refused
// as "row 1: parquet: could not decompress page: CRC check failed", naming no column (the
// record reader's errors name none); the error names the row group and the column now.
func TestParquetDamagedPageNamesColumn(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "a.parquet")
	writeParquet(t, path, realisticEpisodes(3, 1))
	pf, err := file.OpenParquetFile(path, false)
	if err != nil {
		t.Fatal(err)
	}
	md := pf.MetaData()
	// The largest chunk of row group 0: a byte in its middle is in a page's data.
	best, at := "", int64(0)
	var size int64
	rg := md.RowGroup(0)
	for i := 0; i < rg.NumColumns(); i++ {
		cc, err := rg.ColumnChunk(i)
		if err != nil {
			t.Fatal(err)
		}
		if n := cc.TotalCompressedSize(); n > size {
			start := cc.DataPageOffset()
			if cc.HasDictionaryPage() && cc.DictionaryPageOffset() > 0 {
				start = min(start, cc.DictionaryPageOffset())
			}
			best, at, size = md.Schema.Column(i).Path(), start+n/2, n
		}
	}
	pf.Close()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	data[at] ^= 0x5a
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	r, err := OpenEpisodes(path, ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	for {
		_, err = r.Next()
		if err != nil {
			break
		}
	}
	if want := path + ": row 1: row group 0, column " + best + ": "; err == io.EOF || !strings.HasPrefix(err.Error(), want) {
		t.Errorf("%v, want %s…", err, want)
	}
}
