package samples

import (
	"bytes"
	"context"
	"encoding/csv"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/sabench/sabench-stats/ingest/inspect"
)

// TestSampleIDKinds: rows of sample 1 (a number) and of sample "1" (a string), two
// samples to Inspect and to compare and leaderboard, were written with sample_id 1 alike
// in every format. Such an output has a sample_id_kind column after sample_id in CSV,
// JSONL and Parquet; an output where no id's text is of both kinds has none (its columns
// are as before, as the shared logs' together: "0" a string, the others numbers).
func TestSampleIDKinds(t *testing.T) {
	// log_streaming.eval (samples 1 and 2, two epochs each, scorer match), sample 1 only,
	// and the same rows as another log's whose ids are strings.
	var rows []inspect.Row
	for _, r := range rowsOf(t, filepath.Join(inspectLogs, "log_streaming.eval")) {
		if r.SampleID.String() == "1" {
			rows = append(rows, r)
		}
	}
	for _, r := range slices.Clone(rows) {
		r.Log, r.SampleID = "strings.eval", inspect.StringID(r.SampleID.String())
		rows = append(rows, r)
	}
	want := []string{"1,number,1", "1,number,2", "1,string,1", "1,string,2"}
	for _, f := range Formats {
		var b bytes.Buffer
		if err := Write(&b, f, rows); err != nil {
			t.Fatal(err)
		}
		var got []string
		switch f {
		case "csv":
			recs, err := csv.NewReader(&b).ReadAll()
			if err != nil {
				t.Fatal(err)
			}
			if got := strings.Join(recs[0][3:7], ","); got != "eval_id,sample_id,sample_id_kind,epoch" {
				t.Errorf("csv columns %s", got)
			}
			for _, r := range recs[1:] {
				got = append(got, strings.Join(r[4:7], ","))
			}
		case "jsonl":
			for _, line := range strings.Split(strings.TrimSpace(b.String()), "\n") {
				i := strings.Index(line, `"sample_id":`)
				j := strings.Index(line, `,"scorer"`)
				got = append(got, line[i:j])
			}
			want := []string{`"sample_id":"1","sample_id_kind":"number","epoch":1`, `"sample_id":"1","sample_id_kind":"number","epoch":2`,
				`"sample_id":"1","sample_id_kind":"string","epoch":1`, `"sample_id":"1","sample_id_kind":"string","epoch":2`}
			if !slices.Equal(got, want) {
				t.Errorf("jsonl %q, want %q", got, want)
			}
			continue
		case "parquet":
			tbl := parquetTable(t, b.Bytes())
			col := func(i int) string {
				if n := tbl.Schema().Field(i).Name; n != []string{"sample_id", "sample_id_kind", "epoch"}[i-4] {
					t.Fatalf("parquet column %d %s", i, n)
				}
				return ""
			}
			for i := 4; i < 7; i++ {
				col(i)
			}
			id := tbl.Column(4).Data().Chunk(0).(*array.String)
			kind := tbl.Column(5).Data().Chunk(0).(*array.String)
			epoch := tbl.Column(6).Data().Chunk(0).(*array.Int64)
			for r := 0; r < int(tbl.NumRows()); r++ {
				got = append(got, id.Value(r)+","+kind.Value(r)+","+[]string{"", "1", "2"}[epoch.Value(r)])
			}
		}
		if !slices.Equal(got, want) {
			t.Errorf("%s: %q, want %q", f, got, want)
		}
	}
	// The shared logs together: ids of both kinds, none of the same text as both.
	var b bytes.Buffer
	if err := Write(&b, "csv", sharedRows(t)); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(b.String(), "sample_id_kind") {
		t.Errorf("a sample_id_kind column where no id is ambiguous:\n%s", b.String())
	}
}

// rowsOf are the rows of the log at path.
func rowsOf(t *testing.T, path string) []inspect.Row {
	t.Helper()
	var rows []inspect.Row
	var scorers []string
	err := inspect.Scan(context.Background(), []string{path}, inspect.Options{Workers: 1}, inspect.Handler{
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
