package ingest

import (
	"bytes"
	"encoding/binary"
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

// TestParquetBloomFilterWithoutLength: a footer may give a bloom filter's offset without
// its length (the length came later to the format; older writers leave it out), and the
// filter's bits may hold the bytes PAR1. The DuckDB file is made so (both lengths taken out
// of the footer, PAR1 written into the second column's bitset, a valid filter still) and
// must read as one file: the filter's extent is read from its own header. It was refused
// as two files in one.
func TestParquetBloomFilterWithoutLength(t *testing.T) {
	data, err := os.ReadFile("testdata/parquet/duckdb-magic-values.parquet")
	if err != nil {
		t.Fatal(err)
	}
	n := len(data)
	footerLen := int(binary.LittleEndian.Uint32(data[n-8:]))
	start := n - 8 - footerLen
	footer := data[start : n-8]
	// bloom_filter_offset (field 14, i64: 0x26 then the zigzag varint of 189 and 236),
	// then bloom_filter_length (0x15, 47 as 0x5e) and the struct's end: the length goes.
	for _, off := range [][]byte{{0xfa, 0x02}, {0xd8, 0x03}} {
		with := append(append([]byte{0x26}, off...), 0x15, 0x5e, 0x00)
		without := append(append([]byte{0x26}, off...), 0x00)
		if bytes.Count(footer, with) != 1 {
			t.Fatalf("the footer does not hold the bloom filter at %x as expected", off)
		}
		footer = bytes.Replace(footer, with, without, 1)
	}
	edited := append([]byte{}, data[:start]...)
	copy(edited[236+15+8:], "PAR1") // the second column's filter: a 15-byte header, 32 bytes of bits
	edited = append(edited, footer...)
	edited = binary.LittleEndian.AppendUint32(edited, uint32(len(footer)))
	edited = append(edited, "PAR1"...)

	pf, err := file.NewParquetReader(bytes.NewReader(edited))
	if err != nil {
		t.Fatal(err)
	}
	bf, err := pf.GetBloomFilterReader().RowGroup(0)
	if err != nil {
		t.Fatal(err)
	}
	for i := range 2 {
		cc, _ := pf.MetaData().RowGroup(0).ColumnChunk(i)
		f, err := bf.GetColumnBloomFilter(i)
		if err != nil || f == nil || f.Size() != 32 || cc.BloomFilterLength() > 0 {
			t.Fatalf("column %d: the edited file's bloom filter: %v, %v, length %d", i, f, err, cc.BloomFilterLength())
		}
	}
	if err := CheckParquetChunks(pf.MetaData(), bytes.NewReader(edited), int64(len(edited))); err != nil {
		t.Error(err)
	}
}

// TestBloomFilterEnd: a bloom filter header read from its bytes (numBytes 32, the three
// one-member unions) ends the filter 15 + 32 bytes on; a header with a field id in long
// form reads too; one that is cut short, has a list, or a bitset past the file's end
// gives no extent.
func TestBloomFilterEnd(t *testing.T) {
	unions := []byte{0x1c, 0x1c, 0x00, 0x00, 0x1c, 0x1c, 0x00, 0x00, 0x1c, 0x1c, 0x00, 0x00, 0x00}
	file := func(head ...byte) []byte {
		b := append([]byte("PAR1"), head...)
		return append(b, make([]byte, 40)...)
	}
	for _, c := range []struct {
		name string
		data []byte
		end  int64
		ok   bool
	}{
		{"canonical", file(append([]byte{0x15, 0x40}, unions...)...), 4 + 15 + 32, true},
		{"long field id", file(append([]byte{0x05, 0x02, 0x40}, unions...)...), 4 + 16 + 32, true},
		{"cut short", file(0x15, 0x40, 0x1c, 0x1c)[:8], 0, false},
		{"a list", file(append([]byte{0x15, 0x40, 0x19, 0x15}, unions...)...), 0, false},
		{"past the end", file(append([]byte{0x15, 0xc0, 0x01}, unions...)...), 0, false},
		{"no size", file(unions...), 0, false},
	} {
		end, ok := bloomFilterEnd(bytes.NewReader(c.data), 4, int64(len(c.data)))
		if end != c.end || ok != c.ok {
			t.Errorf("%s: end %d, %v; want %d, %v", c.name, end, ok, c.end, c.ok)
		}
	}
}
