package samples

import (
	"bufio"
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/ingest/inspect"
)

const inspectLogs = "../../ingest/inspect/testdata/logs"

func sharedRows(t *testing.T) []inspect.Row {
	t.Helper()
	files, err := inspect.Expand([]string{inspectLogs})
	if err != nil {
		t.Fatal(err)
	}
	var rows []inspect.Row
	var scorers []string
	err = inspect.Scan(context.Background(), files, inspect.Options{Workers: 2}, inspect.Handler{
		Log: func(l *inspect.Log) error { scorers = l.Scorers(); return nil },
		Sample: func(l *inspect.Log, s *inspect.Sample) error {
			rows = append(rows, inspect.Rows(l, scorers, s)...)
			return nil
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	return rows
}

// TestFormatsAgree writes the shared logs' rows as CSV, JSONL and Parquet and
// reads each back: the same 30 rows, the same columns, the same cells.
func TestFormatsAgree(t *testing.T) {
	rows := sharedRows(t)
	if len(rows) != 30 {
		t.Fatalf("%d rows", len(rows))
	}
	var cb, jb, pb bytes.Buffer
	for f, b := range map[string]*bytes.Buffer{"csv": &cb, "jsonl": &jb, "parquet": &pb} {
		if err := Write(b, f, rows); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
	}
	recs, err := csv.NewReader(&cb).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	header := recs[0]
	if got := strings.Join(header[len(header)-2:], ","); got != "metadata.label_confidence,metadata.nested" {
		t.Errorf("metadata columns %q", got)
	}
	// JSONL: the same values as CSV, cell by cell (nulls empty in CSV).
	sc := bufio.NewScanner(&jb)
	sc.Buffer(nil, 1<<20)
	for i := 1; sc.Scan(); i++ {
		var obj map[string]any
		d := json.NewDecoder(bytes.NewReader(sc.Bytes()))
		d.UseNumber() // a number's text as written: CSV's must be the same
		if err := d.Decode(&obj); err != nil {
			t.Fatal(err)
		}
		for j, col := range header {
			v := obj[col]
			s := ""
			switch v := v.(type) {
			case nil:
			case string:
				s = v
			case bool:
				s = fmt.Sprint(v)
			case json.Number:
				s = string(v)
			}
			if s != recs[i][j] {
				t.Errorf("row %d %s: jsonl %q, csv %q", i, col, s, recs[i][j])
			}
		}
	}
	// Parquet: the same row count and columns, scores as doubles.
	tbl := parquetTable(t, pb.Bytes())
	if tbl.NumRows() != 30 || int(tbl.NumCols()) != len(header) {
		t.Errorf("parquet %d rows × %d columns, want 30 × %d", tbl.NumRows(), tbl.NumCols(), len(header))
	}
	for i, col := range header {
		if tbl.Schema().Field(i).Name != col {
			t.Errorf("parquet column %d %q, csv %q", i, tbl.Schema().Field(i).Name, col)
		}
	}
	if got := tbl.Schema().Field(8).Type.String(); got != "float64" {
		t.Errorf("score type %s", got)
	}
	if err := Write(&cb, "xlsx", rows); err == nil {
		t.Error("unknown format accepted")
	}
}
