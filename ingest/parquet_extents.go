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
				end, ok := off+int64(cc.BloomFilterLength()), true
				if cc.BloomFilterLength() <= 0 {
					// An older writer's footer gives no length: the filter's header says it.
					// One whose header does not read leaves the gap unchecked.
					if end, ok = bloomFilterEnd(r, off, size); !ok {
						end = size
					}
				}
				covered = max(covered, end)
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

// bloomFilterEnd is where the bloom filter at byte off ends when the footer does not say:
// after its header, a Thrift compact struct whose field 1 is the bitset's byte count, and
// the bitset. ok is false when no such header lies there.
func bloomFilterEnd(r io.ReaderAt, off, size int64) (end int64, ok bool) {
	var buf [64]byte // a header takes about 15 bytes
	if off >= size {
		return 0, false
	}
	n, err := r.ReadAt(buf[:min(int64(len(buf)), size-off)], off)
	if n == 0 && err != nil {
		return 0, false
	}
	t := compactStruct{b: buf[:n]}
	bits := t.field1(0)
	end = off + int64(t.i) + bits
	if t.bad || t.i > n || bits <= 0 || end > size {
		return 0, false
	}
	return end, true
}

// compactStruct reads a Thrift compact-protocol struct from b, as far as a bloom filter
// header needs: integers, binaries and nested structs (a list, set or map sets bad).
type compactStruct struct {
	b   []byte
	i   int
	bad bool
}

func (t *compactStruct) byte() byte {
	if t.i >= len(t.b) {
		t.bad = true
		return 0
	}
	t.i++
	return t.b[t.i-1]
}

func (t *compactStruct) varint() int64 {
	var x uint64
	for s := uint(0); s < 64 && !t.bad; s += 7 {
		c := t.byte()
		x |= uint64(c&0x7f) << s
		if c < 0x80 {
			return int64(x>>1) ^ -int64(x&1) // zigzag
		}
	}
	t.bad = true
	return 0
}

// field1 reads a struct up to its stop byte and returns its field 1 when an i32 (0 else);
// depth bounds the nesting.
func (t *compactStruct) field1(depth int) (v int64) {
	var id int64
	for !t.bad {
		h := t.byte()
		typ := h & 0x0f
		if typ == 0 {
			return v
		}
		if d := int64(h >> 4); d != 0 {
			id += d
		} else {
			id = t.varint()
		}
		switch typ {
		case 1, 2: // a boolean, in the header
		case 3:
			t.byte()
		case 4, 5, 6:
			if x := t.varint(); id == 1 && typ == 5 {
				v = x
			}
		case 7:
			t.i += 8
		case 8:
			t.i += int(max(t.varint(), 0))
		case 12:
			if depth >= 8 {
				t.bad = true
			}
			t.field1(depth + 1)
		default:
			t.bad = true
		}
		if t.i > len(t.b) {
			t.bad = true
		}
	}
	return 0
}
