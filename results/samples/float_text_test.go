package samples

import (
	"bytes"
	"encoding/csv"
	"io"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/ingest/inspect"
)

// TestFloatCellsAsPythonWrites: float cells were written in Go's shortest form: a score of
// 1.0 as "1" and a working time of -0.0 as "-0", which pandas and json.loads read as the
// integers 1 and 0 (a float column of whole values came back as integers, a negative zero
// without its sign). They are written as Python's repr writes them, in CSV and JSONL alike.
func TestFloatCellsAsPythonWrites(t *testing.T) {
	const log = `{"version": 2, "status": "success", "eval": {"task": "t", "model": "m", "scorers": [{"name": "match"}]},
"samples": [{"id": 1, "epoch": 1, "scores": {"match": {"value": 1.0}}, "total_time": 2.0, "working_time": -0.0, "metadata": {}}]}`
	r, err := inspect.OpenReaderAt("f.json", strings.NewReader(log), int64(len(log)), nil)
	if err != nil {
		t.Fatal(err)
	}
	var rows []inspect.Row
	for {
		s, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		rows = append(rows, inspect.Rows(r.Log(), r.Log().Scorers(), s)...)
	}
	want := map[string]string{"score": "1.0", "total_time": "2.0", "working_time": "-0.0"}
	var cb, jb bytes.Buffer
	if err := Write(&cb, "csv", rows); err != nil {
		t.Fatal(err)
	}
	if err := Write(&jb, "jsonl", rows); err != nil {
		t.Fatal(err)
	}
	recs, err := csv.NewReader(&cb).ReadAll()
	if err != nil || len(recs) != 2 {
		t.Fatalf("csv: %d records, %v", len(recs), err)
	}
	for i, c := range recs[0] {
		if w, ok := want[c]; ok {
			if recs[1][i] != w {
				t.Errorf("csv %s: %q, want %q", c, recs[1][i], w)
			}
			if j := `"` + c + `":` + w; !strings.Contains(jb.String(), j) {
				t.Errorf("jsonl lacks %s: %s", j, jb.String())
			}
			delete(want, c)
		}
	}
	if len(want) > 0 {
		t.Errorf("columns not written: %v", want)
	}
}
