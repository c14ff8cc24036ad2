package ingest

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/file"
)

func writeJSONL(t testing.TB, path string, eps []*Episode) {
	t.Helper()
	var buf bytes.Buffer
	w := NewJSONLWriter(&buf)
	for _, e := range eps {
		if err := w.Write(e); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

func writeParquet(t testing.TB, path string, eps []*Episode) {
	t.Helper()
	writeParquetLayout(t, path, eps, DefaultParquetLayout)
}

func writeParquetLayout(t testing.TB, path string, eps []*Episode, layout string) {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	w, err := NewParquetWriter(f, layout)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range eps {
		if err := w.Write(e); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
}

func readAll(t testing.TB, path string, opt ReadOptions) []*Episode {
	t.Helper()
	r, err := OpenEpisodes(path, opt)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	var out []*Episode
	for {
		e, err := r.Next()
		if err == io.EOF {
			return out
		}
		if err != nil {
			t.Fatalf("Next: %v", err)
		}
		out = append(out, e)
	}
}

func jsonlBytes(eps []*Episode) []byte {
	var b []byte
	for _, e := range eps {
		b = AppendEpisodeJSON(b, e)
		b = append(b, '\n')
	}
	return b
}

// TestRoundTripJSONLParquetJSONL is the episode format's contract: JSONL → Parquet → JSONL
// loses nothing, for every field (including extra fields, nulls, int vs float).
func TestRoundTripJSONLParquetJSONL(t *testing.T) {
	dir := t.TempDir()
	eps := realisticEpisodes(300, 7)
	eps[3].Extra = nil
	eps[5].FailureClass = "resource_limit"
	eps[5].Official = nil
	eps[6].Usage = nil
	eps[8].Condition = "withheld"
	eps[8].CaseID = "SAB-V1-012@withheld"
	j1 := filepath.Join(dir, "a.jsonl")
	writeJSONL(t, j1, eps)
	// A field of the producer's own (under "extra") must survive both conversions.
	raw, _ := os.ReadFile(j1)
	raw = bytes.Replace(raw, []byte(`"run_id":"run-000001"`), []byte(`"run_id":"run-000001","extra":{"annotator":{"name":"Zoë","score":1.0,"n":3}}`), 1)
	os.WriteFile(j1, raw, 0o644)

	first := readAll(t, j1, ReadOptions{})
	if len(first) != 300 {
		t.Fatalf("read %d episodes, want 300", len(first))
	}
	if first[1].Extra.Len() != 1 {
		t.Fatalf("extra field lost on JSONL read: %v", first[1].Extra)
	}
	pq := filepath.Join(dir, "a.parquet")
	writeParquet(t, pq, first)
	second := readAll(t, pq, ReadOptions{})
	j2 := filepath.Join(dir, "b.jsonl")
	writeJSONL(t, j2, second)
	third := readAll(t, j2, ReadOptions{})

	want := jsonlBytes(first)
	for name, got := range map[string][]*Episode{"parquet": second, "jsonl again": third} {
		if g := jsonlBytes(got); !bytes.Equal(g, want) {
			t.Errorf("%s: episodes differ after conversion", name)
			a, b := bytes.Split(want, []byte("\n")), bytes.Split(g, []byte("\n"))
			for i := range a {
				if i < len(b) && !bytes.Equal(a[i], b[i]) {
					t.Fatalf("first difference at episode %d:\nwant %s\n got %s", i, a[i], b[i])
				}
			}
		}
	}
	if second[10].Line != 11 || second[10].Source != pq {
		t.Errorf("parquet row location = %s:%d, want %s:11", second[10].Source, second[10].Line, pq)
	}
}

// TestReadForeignParquet reads a file laid out like a pyarrow export (see
// testdata/parquet/README.md): lenient column types, missing optional columns, an index
// column to ignore, and defaults applied as for JSONL.
func TestReadForeignParquet(t *testing.T) {
	path := filepath.Join("testdata", "parquet", "foreign.parquet")
	eps := readAll(t, path, ReadOptions{})
	if len(eps) != 3 {
		t.Fatalf("%d episodes, want 3", len(eps))
	}
	e := eps[0]
	if e.RunID != "pandas-0" || e.Config != "openai/gpt-6/codex" || e.Model != "openai/gpt-6" || e.Harness != "codex" ||
		e.CaseID != "SAB-V1-001" || e.Repeat != 0 || e.Condition != "main" || e.Status != StatusCompleted || e.Extra != nil {
		t.Errorf("row 1: %+v", e)
	}
	if ev, _ := e.Record.List("events"); len(ev) != 2 {
		t.Errorf("row 1 record: %s", AppendEpisodeJSON(nil, e))
	}
	if w, _ := e.Usage.Get("wall_seconds"); w != 41.5 {
		t.Errorf("row 1 usage: %v", e.Usage)
	}
	if e := eps[1]; e.CaseID != "SAB-V1-001@withheld" || e.Condition != "withheld" || e.RunID != "openai/gpt-6/codex|SAB-V1-001@withheld|0|withheld" {
		t.Errorf("row 2: %+v", e)
	}
	if e := eps[2]; e.Status != StatusInfraFailure || e.FailureClass != "wall_timeout" || e.Record != nil || e.Repeat != 1 || e.Line != 3 {
		t.Errorf("row 3: %+v", e)
	}
}

// TestParquetDeterministic: the same episodes give the same bytes, with
// dictionary encoding exactly on the low-cardinality columns, in both layouts.
func TestParquetDeterministic(t *testing.T) {
	t.Parallel() // CPU-bound
	eps := realisticEpisodes(1500, 3)
	for _, tc := range []struct {
		layout    string
		dict, not []string
	}{
		{ParquetLayoutJSON, []string{"case_id", "config", "events.list.element.tool"}, []string{"record", "run_id"}},
		{ParquetLayoutTyped, []string{"case_id", "config", "record.events.list.element.tool",
			"record.events.list.element._keys", "record._keys", "record.metadata.model"},
			[]string{"run_id", "record.events.list.element.arguments", "record.events.list.element.evidence_delta_key", "extra"}},
	} {
		dir := t.TempDir()
		a, b := filepath.Join(dir, "a.parquet"), filepath.Join(dir, "b.parquet")
		writeParquetLayout(t, a, eps, tc.layout)
		writeParquetLayout(t, b, eps, tc.layout)
		x, _ := os.ReadFile(a)
		y, _ := os.ReadFile(b)
		if !bytes.Equal(x, y) {
			t.Fatalf("%s: two writes of the same episodes differ", tc.layout)
		}
		pf, err := file.OpenParquetFile(a, false)
		if err != nil {
			t.Fatal(err)
		}
		rg := pf.MetaData().RowGroup(0)
		dict := map[string]bool{}
		for i := 0; i < rg.NumColumns(); i++ {
			cc, err := rg.ColumnChunk(i)
			if err != nil {
				t.Fatal(err)
			}
			for _, enc := range cc.Encodings() {
				if enc == parquet.Encodings.RLEDict || enc == parquet.Encodings.PlainDict {
					dict[cc.PathInSchema().String()] = true
				}
			}
		}
		pf.Close()
		for _, col := range tc.dict {
			if !dict[col] {
				t.Errorf("%s: %s is not dictionary-encoded (dictionary columns: %v)", tc.layout, col, dict)
			}
		}
		for _, col := range tc.not {
			if dict[col] {
				t.Errorf("%s: high-cardinality column %s is dictionary-encoded", tc.layout, col)
			}
		}
	}
}
