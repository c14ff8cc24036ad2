package samples

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"encoding/json"
	"io"
	"testing"

	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/sabench/sabench-stats/ingest/inspect"
)

// TestNonFiniteSaysNull: Inspect writes a NaN or infinite number as the bare constant NaN,
// Infinity or -Infinity, which the reader takes as JSON null. CSV, JSONL and Parquet all
// write such a value as the text null, in the value column and in a metadata column alike,
// as they write a null inside a list ("[1,null]"), and keep it apart from an empty string
// and from an absent key. A metadata value NaN (or null) was written as "", an empty string.
func TestNonFiniteSaysNull(t *testing.T) {
	const log = `{"version": 2, "status": "success", "eval": {"task": "t", "model": "m", "scorers": [{"name": "match"}]},
"samples": [{"id": 1, "epoch": 1, "scores": {"match": {"value": NaN}}, "metadata": {"a": NaN, "b": Infinity, "c": [1, -Infinity], "d": "", "e": null}},
{"id": 2, "epoch": 1, "scores": {"match": {"value": Infinity}}, "metadata": {}}]}`
	r, err := inspect.OpenReaderAt("nan.json", bytes.NewReader([]byte(log)), int64(len(log)), nil)
	if err != nil {
		t.Fatal(err)
	}
	var rows []inspect.Row
	scorers := r.Log().Scorers()
	for {
		s, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		rows = append(rows, inspect.Rows(r.Log(), scorers, s)...)
	}
	// The cells of value, score and metadata.a–e of each row; "<null>" is a null cell.
	want := [][]string{
		{"null", "<null>", "null", "null", "[1,null]", "", "null"},
		{"null", "<null>", "<null>", "<null>", "<null>", "<null>", "<null>"},
	}
	cols := []string{"value", "score", "metadata.a", "metadata.b", "metadata.c", "metadata.d", "metadata.e"}
	check := func(format string, got [][]string) {
		t.Helper()
		for i := range want {
			for j := range want[i] {
				w := want[i][j]
				if format == "csv" && w == "<null>" {
					w = "" // CSV has no null
				}
				if got[i][j] != w {
					t.Errorf("%s row %d %s: %q, want %q", format, i+1, cols[j], got[i][j], w)
				}
			}
		}
	}
	var cb, jb, pb bytes.Buffer
	for f, b := range map[string]*bytes.Buffer{"csv": &cb, "jsonl": &jb, "parquet": &pb} {
		if err := Write(b, f, rows); err != nil {
			t.Fatal(err)
		}
	}
	recs, err := csv.NewReader(&cb).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	index := map[string]int{}
	for i, c := range recs[0] {
		index[c] = i
	}
	var got [][]string
	for _, rec := range recs[1:] {
		var row []string
		for _, c := range cols {
			row = append(row, rec[index[c]])
		}
		got = append(got, row)
	}
	check("csv", got)

	got = nil
	sc := bufio.NewScanner(&jb)
	for sc.Scan() {
		var obj map[string]any
		if err := json.Unmarshal(sc.Bytes(), &obj); err != nil {
			t.Fatal(err)
		}
		var row []string
		for _, c := range cols {
			switch v := obj[c].(type) {
			case nil:
				row = append(row, "<null>")
			case string:
				row = append(row, v)
			default:
				t.Fatalf("jsonl %s: %v", c, v)
			}
		}
		got = append(got, row)
	}
	check("jsonl", got)

	tbl := parquetTable(t, pb.Bytes())
	got = make([][]string, tbl.NumRows())
	for _, c := range cols {
		idx := tbl.Schema().FieldIndices(c)
		if len(idx) != 1 {
			t.Fatalf("parquet: no column %s", c)
		}
		chunk := tbl.Column(idx[0]).Data().Chunk(0)
		for i := range got {
			switch {
			case chunk.IsNull(i):
				got[i] = append(got[i], "<null>")
			case c == "score":
				got[i] = append(got[i], "a number")
			default:
				got[i] = append(got[i], chunk.(*array.String).Value(i))
			}
		}
	}
	check("parquet", got)
}
