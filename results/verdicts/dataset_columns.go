package verdicts

import (
	"fmt"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/file"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"
)

// A dataset file's columns are read with the Parquet column readers, one row group's
// column at a time, rather than as Arrow record batches: a command that reads a dataset
// reads a few thousand rows per file, and building Arrow arrays (dictionaries hashed
// again, buffers for every column) cost more than decoding the values.

// colKind is what a column holds as the dataset reader takes it: by the Arrow type the
// column converts to, as an Arrow reader of the file sees it, so that a column of
// another type is refused, whatever its physical type.
type colKind uint8

const (
	kindNone   colKind = iota // no such column
	kindString                // string, or a dictionary of strings
	kindInt                   // int64
	kindBool                  // boolean
	kindFloat                 // float64
	kindOther                 // any other type: every accessor refuses it
	// An integer column of a narrower width (int8 to int32, uint8 to uint32, as another
	// tool may rewrite an int64 column) is read widened to int64, which loses nothing.
	kindInt32  // int8, int16 or int32: Parquet's INT32, signed
	kindUint32 // uint8, uint16 or uint32: Parquet's INT32, unsigned
)

// colType is a column's kind and its Arrow type's name, which a refusal names.
type colType struct {
	kind colKind
	name string
}

// columnKinds is the kind of each top-level column of a file, by name, from the Parquet
// schema alone: a stored Arrow schema (the ARROW:schema footer key) is decoded trusting its
// lengths, and one damaged there asks for hundreds of gigabytes, an out-of-memory no recover
// catches. Without it a large_string column is a string, as the episode reader takes it.
func columnKinds(pf *file.Reader) (map[string]colType, error) {
	as, err := pqarrow.FromParquet(pf.MetaData().Schema, &pqarrow.ArrowReadProperties{}, nil)
	if err != nil {
		return nil, err
	}
	out := map[string]colType{}
	for _, f := range as.Fields() {
		t := f.Type
		kind := kindOther
		if d, ok := t.(*arrow.DictionaryType); ok {
			if d.ValueType.ID() == arrow.STRING {
				kind = kindString
			}
		} else {
			switch t.ID() {
			case arrow.STRING:
				kind = kindString
			case arrow.INT64:
				kind = kindInt
			case arrow.INT8, arrow.INT16, arrow.INT32:
				kind = kindInt32
			case arrow.UINT8, arrow.UINT16, arrow.UINT32:
				kind = kindUint32
			case arrow.BOOL:
				kind = kindBool
			case arrow.FLOAT64:
				kind = kindFloat
			}
		}
		out[f.Name] = colType{kind, t.String()}
	}
	return out, nil
}

// colData is one column of a row group, decoded: by row, whether it is null and its
// value in the slice of its kind.
type colData struct {
	kind colKind
	typ  string // the file's type of the column, for a refusal
	null []bool
	str  []string
	i64  []int64
	b    []bool
	f64  []float64
}

// stringAt is row i of a string column; ok is false for a column of another kind.
func (d *colData) stringAt(i int) (s string, null, ok bool) {
	if d == nil || d.kind != kindString {
		return "", false, false
	}
	if d.null[i] {
		return "", true, true // the buffer holds an earlier row group's value here
	}
	return d.str[i], false, true
}

// colReader decodes the columns of row groups into buffers it reuses from column to
// column and file to file (a fresh buffer for each is mostly page faults): a column's
// values live until the next row group is read, the strings they hold (interned) for good.
type colReader struct {
	cols   map[int]*colData // by datasetColumns position
	intern map[string]string
	def    []int16
	bytes  []parquet.ByteArray
	i64    []int64
	i32    []int32
	b      []bool
	f64    []float64
	// rows is the largest row group of the files to read: each buffer is made that large
	// once, not again for every row group a few rows larger than the ones before.
	rows int
}

func newColReader(rows int) *colReader {
	return &colReader{cols: map[int]*colData{}, intern: map[string]string{}, rows: rows}
}

// grow is s with length n, its old contents left (every row is written before it is read),
// made with room for at least rows when it is made.
func grow[T any](s []T, n, rows int) []T {
	if cap(s) < n {
		return make([]T, n, max(n, rows))
	}
	return s[:n]
}

// read decodes leaf column leaf of a row group of n rows as typ says, into the buffers of
// the dataset column at position pos.
func (cr *colReader) read(rg *file.RowGroupReader, pos, leaf int, typ colType, n int) (*colData, error) {
	kind := typ.kind
	ccr, err := rg.Column(leaf)
	if err != nil {
		return nil, err
	}
	d := cr.cols[pos]
	if d == nil {
		d = &colData{}
		cr.cols[pos] = d
	}
	d.kind, d.typ, d.null = kind, typ.name, grow(d.null, n, cr.rows)
	cr.def = grow(cr.def, n, cr.rows)
	maxDef := ccr.Descriptor().MaxDefinitionLevel()
	ok := true
	switch kind {
	case kindString:
		if r, is := ccr.(*file.ByteArrayColumnChunkReader); is {
			d.str, cr.bytes = grow(d.str, n, cr.rows), grow(cr.bytes, n, cr.rows)
			err = readChunk(n, maxDef, d.null, cr.def, cr.bytes, r.ReadBatchInPage, func(i int, v parquet.ByteArray) {
				// A page's values are read before the next page is: they may alias it.
				s, seen := cr.intern[string(v)]
				if !seen {
					s = string(v)
					cr.intern[s] = s
				}
				d.str[i] = s
			})
		} else {
			ok = false
		}
	case kindInt:
		ok, err = readValues[*file.Int64ColumnChunkReader](ccr, n, cr.rows, maxDef, d.null, cr.def, &cr.i64, &d.i64)
	case kindInt32, kindUint32:
		ok = false
		if r, is := ccr.(*file.Int32ColumnChunkReader); is {
			ok, d.kind = true, kindInt
			d.i64, cr.i32 = grow(d.i64, n, cr.rows), grow(cr.i32, n, cr.rows)
			out, unsigned := d.i64, kind == kindUint32
			err = readChunk(n, maxDef, d.null, cr.def, cr.i32, r.ReadBatchInPage, func(i int, v int32) {
				if unsigned {
					out[i] = int64(uint32(v))
				} else {
					out[i] = int64(v)
				}
			})
		}
	case kindBool:
		ok, err = readValues[*file.BooleanColumnChunkReader](ccr, n, cr.rows, maxDef, d.null, cr.def, &cr.b, &d.b)
	case kindFloat:
		ok, err = readValues[*file.Float64ColumnChunkReader](ccr, n, cr.rows, maxDef, d.null, cr.def, &cr.f64, &d.f64)
	}
	if !ok {
		d.kind = kindOther // an Arrow type its physical type does not give: refused
	}
	if err != nil {
		return nil, err
	}
	return d, nil
}

// readValues decodes the n rows of a column chunk of fixed-size values into *dst (null
// and def as readChunk's, *buf the page's values; both made for rows when made), when ccr
// is a reader of type R; ok is false when it is not.
func readValues[R interface {
	ReadBatchInPage(batch int64, vals []T, def, rep []int16) (int64, int, error)
}, T any](ccr file.ColumnChunkReader, n, rows int, maxDef int16, null []bool, def []int16, buf, dst *[]T) (ok bool, err error) {
	r, is := ccr.(R)
	if !is {
		return false, nil
	}
	*dst, *buf = grow(*dst, n, rows), grow(*buf, n, rows)
	out := *dst
	return true, readChunk(n, maxDef, null, def, *buf, r.ReadBatchInPage, func(i int, v T) { out[i] = v })
}

// readChunk reads the n rows of a flat column chunk page by page (read: a column reader's
// ReadBatchInPage) into vals and def (each at least n long), marking nulls and calling set
// with each row's value.
func readChunk[T any](n int, maxDef int16, null []bool, def []int16, vals []T, read func(batch int64, vals []T, def, rep []int16) (int64, int, error), set func(i int, v T)) error {
	for row := 0; row < n; {
		lv, _, err := read(int64(n-row), vals, def[row:], nil)
		if err != nil {
			return err
		}
		if lv == 0 {
			return fmt.Errorf("%d of the row group's %d rows", row, n)
		}
		v := 0
		for i := row; i < row+int(lv); i++ {
			if null[i] = maxDef > 0 && def[i] < maxDef; !null[i] {
				set(i, vals[v])
				v++
			}
		}
		row += int(lv)
	}
	return nil
}
