package pqrows

import (
	"bytes"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/parquet/file"
)

// TestRowGroups: a row group ends every Batch rows and at each Flush with rows pending;
// an empty file holds one empty row group only when asked (EmptyGroup); the metadata pair
// is in the footer.
func TestRowGroups(t *testing.T) {
	fields := []Field[int]{
		{Name: "n", Type: arrow.PrimitiveTypes.Int64, Get: func(i int) any { return int64(i) }},
		{Name: "s", Type: arrow.BinaryTypes.String, Get: func(i int) any {
			if i%2 == 0 {
				return nil
			}
			return "odd"
		}},
	}
	groups := func(o Options, rows int, flushAt int) (int, int64, string) {
		var buf bytes.Buffer
		w, err := New(&buf, fields, o)
		if err != nil {
			t.Fatal(err)
		}
		for i := range rows {
			if err := w.Add(i); err != nil {
				t.Fatal(err)
			}
			if i+1 == flushAt {
				if err := w.Flush(); err != nil {
					t.Fatal(err)
				}
			}
		}
		if err := w.Flush(); err != nil { // nothing pending: no group
			t.Fatal(err)
		}
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
		r, err := file.NewParquetReader(bytes.NewReader(buf.Bytes()))
		if err != nil {
			t.Fatal(err)
		}
		defer r.Close()
		v := ""
		if kv := r.MetaData().KeyValueMetadata().FindValue("k"); kv != nil {
			v = *kv
		}
		return r.NumRowGroups(), r.NumRows(), v
	}
	for _, c := range []struct {
		o             Options
		rows, flushAt int
		groups        int
		value         string
	}{
		{Options{}, 0, 0, 0, ""},
		{Options{EmptyGroup: true}, 0, 0, 1, ""},
		{Options{EmptyGroup: true, Key: "k", Value: "v"}, 5, 0, 1, "v"},
		{Options{}, 5, 2, 2, ""},
		{Options{}, Batch + 1, 0, 2, ""},
		{Options{}, Batch, 0, 1, ""},
	} {
		g, n, v := groups(c.o, c.rows, c.flushAt)
		if g != c.groups || n != int64(c.rows) || v != c.value {
			t.Errorf("%+v, %d rows, flush after %d: %d groups, %d rows, metadata %q; want %d groups, %q", c.o, c.rows, c.flushAt, g, n, v, c.groups, c.value)
		}
	}
}
