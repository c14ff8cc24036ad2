package ingest

import (
	"fmt"

	"github.com/apache/arrow-go/v18/parquet/metadata"
)

// CheckParquetChunks refuses a footer whose column chunks do not lie inside the file of
// size bytes: a damaged offset or length makes the Parquet library allocate what it says
// (a negative length panics, in a goroutine of its own for a struct column, where no
// recover reaches; a huge one exhausts memory) before any page is read.
func CheckParquetChunks(md *metadata.FileMetaData, size int64) error {
	for g := 0; g < md.NumRowGroups(); g++ {
		rg := md.RowGroup(g)
		for i := 0; i < rg.NumColumns(); i++ {
			cc, err := rg.ColumnChunk(i)
			if err != nil {
				return fmt.Errorf("row group %d, column %d: %w", g, i, err)
			}
			// Where the library starts reading the chunk (file.RowGroupReader).
			start := cc.DataPageOffset()
			if cc.HasDictionaryPage() && cc.DictionaryPageOffset() > 0 && start > cc.DictionaryPageOffset() {
				start = cc.DictionaryPageOffset()
			}
			n := cc.TotalCompressedSize()
			if start < 0 || n < 0 || start > size || n > size-start {
				return fmt.Errorf("row group %d, column %s: its chunk of %d bytes at byte %d does not lie inside the file's %d bytes",
					g, md.Schema.Column(i).Path(), n, start, size)
			}
		}
	}
	return nil
}
