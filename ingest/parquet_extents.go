package ingest

import (
	"bytes"
	"fmt"
	"io"

	"github.com/apache/arrow-go/v18/parquet/metadata"
)

// CheckParquetChunks refuses a footer whose column chunks do not lie inside the file of
// size bytes: a damaged offset or length makes the Parquet library allocate what it says
// (a negative length panics, in a goroutine of its own for a struct column, where no
// recover reaches; a huge one exhausts memory) before any page is read. It refuses too two
// files in one (checkParquetConcat), which r, the file, is read for.
func CheckParquetChunks(md *metadata.FileMetaData, r io.ReaderAt, size int64) error {
	covered := int64(len(parquetMagic)) // the end of what the footer describes
	for g := 0; g < md.NumRowGroups(); g++ {
		rg := md.RowGroup(g)
		for i := 0; i < rg.NumColumns(); i++ {
			cc, err := rg.ColumnChunk(i)
			if err != nil {
				name := fmt.Sprint(i)
				if i < md.Schema.NumColumns() {
					name = md.Schema.Column(i).Path()
				}
				return fmt.Errorf("corrupt Parquet footer: row group %d, column %s: %w", g, name, err)
			}
			// Where the library starts reading the chunk (file.RowGroupReader).
			start := cc.DataPageOffset()
			if cc.HasDictionaryPage() && cc.DictionaryPageOffset() > 0 && start > cc.DictionaryPageOffset() {
				start = cc.DictionaryPageOffset()
			}
			n := cc.TotalCompressedSize()
			if start < 0 || n < 0 || start > size || n > size-start {
				return fmt.Errorf("corrupt Parquet footer: row group %d, column %s: its chunk of %d bytes at byte %d does not lie inside the file's %d bytes",
					g, md.Schema.Column(i).Path(), n, start, size)
			}
			covered = max(covered, start+n)
			for _, loc := range []*metadata.IndexLocation{cc.GetColumnIndexLocation(), cc.GetOffsetIndexLocation()} {
				if loc != nil {
					covered = max(covered, loc.Offset+int64(loc.Length))
				}
			}
			if off := cc.BloomFilterOffset(); off > 0 {
				covered = max(covered, off+int64(max(cc.BloomFilterLength(), 0)))
			}
		}
	}
	return checkParquetConcat(r, size, covered)
}

var parquetMagic = []byte("PAR1")

// checkParquetConcat refuses a file holding Parquet's magic between the end of the data its
// footer describes (covered) and the footer: two Parquet files written into one (a file
// appended to itself, or to another). A reader goes by the last footer alone, so it read
// one copy of a file appended to itself and no row of the first of two, silently, where a
// JSONL file appended to itself reads every line twice. Other bytes there (a writer's own
// index) are left alone.
func checkParquetConcat(r io.ReaderAt, size, covered int64) error {
	var tail [8]byte
	if size < int64(len(tail))+covered {
		return nil
	}
	if _, err := r.ReadAt(tail[:], size-8); err != nil {
		return err
	}
	footer := size - 8 - int64(uint32(tail[0])|uint32(tail[1])<<8|uint32(tail[2])<<16|uint32(tail[3])<<24)
	buf := make([]byte, 64<<10)
	for at := covered; at < footer; {
		n := int(min(int64(len(buf)), footer-at))
		if _, err := r.ReadAt(buf[:n], at); err != nil {
			return err
		}
		if k := bytes.Index(buf[:n], parquetMagic); k >= 0 {
			return fmt.Errorf("two Parquet files in one (a file appended to itself, or to another?): Parquet's magic PAR1 at byte %d, among the %d bytes between the data the footer describes (to byte %d) and the footer (at byte %d); a reader goes by the last footer alone",
				at+int64(k), footer-covered, covered, footer)
		}
		if at+int64(n) >= footer {
			break
		}
		at += int64(n - len(parquetMagic) + 1) // a magic across two blocks
	}
	return nil
}
