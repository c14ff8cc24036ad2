package ingest

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/parquet/compress"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"
	"github.com/sabench/sabench-stats/ingest/jsonv"
)

// typedEdgeLines are episodes whose records, events, usage and official hold what the
// typed layout's columns cannot: keys in another order than the schemas', values of
// another type than their column's, JSON null, keys of no column (one named like the
// layout's own children), elements that are not objects, an object where a string is
// expected and the reverse, integers beyond int64, empty objects and lists.
var typedEdgeLines = []string{
	`{"schema":"sabench.episode/v1","run_id":"r1","config":"m/h","case_id":"SAB-V1-001","repeat":0,"status":"completed",` +
		`"record":{"events":[null,3,"s",{},{"type":"X","tool":"","arguments":[1],"tool_status":5,"zz":null,"tool_result":{"ok":true}},{"arguments":null,"type":null}],"schema_version":1.0,"env_id":"e","_keys":["x"],"_rest":{"a":1}},` +
		`"official":{"successful":null,"raw_status":5,"note":1},"usage":{"wall_seconds":3,"input_tokens":123456789012345678901234,"cost_usd":0.5,"x":7}}`,
	`{"schema":"sabench.episode/v1","run_id":"r2","config":"m/h","case_id":"SAB-V0-001","repeat":1,"condition":"c","status":"completed","failure_class":"resource_limit",` +
		`"record":{"schema_version":"1","env_id":null,"episode_id":"SAB-V0-001","events":{},"metadata":"text","terminal":{"outcome":"BLOCK","type":"NO_ACTION","why":"x"},"ключ":"значение","a\"b":"\u0000"},` +
		`"official":{},"usage":{}}`,
	`{"schema":"sabench.episode/v1","run_id":"r3","config":"m/h","case_id":"SAB-L-001","repeat":0,"status":"completed",` +
		`"record":{"metadata":{"parse_error":"  bad ","driver_protocol_error":true,"invalid_decision":"no","k":{}},"decision":"allow","terminal":[],"events":[],"confirm":null,"claims":[{"c":1}],"schema_version":-7},"extra":{"z":1.5}}`,
	`{"schema":"sabench.episode/v1","run_id":"r4","config":"m/h","case_id":"SAB-L-002","repeat":0,"status":"completed","record":{}}`,
	`{"schema":"sabench.episode/v1","run_id":"r5","config":"m/h","case_id":"SAB-L-003","repeat":0,"status":"infra_failure"}`,
}

// TestParquetLayoutsRoundTrip: JSONL → Parquet → JSONL gives the same bytes in both
// layouts, on realistic episodes and on the edge cases above; the typed file has its
// layout key and reads back without the JSON layout's derived column.
func TestParquetLayoutsRoundTrip(t *testing.T) {
	dir := t.TempDir()
	j := filepath.Join(dir, "edge.jsonl")
	if err := os.WriteFile(j, []byte(strings.Join(typedEdgeLines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	edge := readAll(t, j, ReadOptions{})
	eps := append(realisticEpisodes(120, 5), edge...)
	want := jsonlBytes(eps)
	if !bytes.Contains(want, []byte(typedEdgeLines[0][:60])) {
		t.Fatal("the edge cases did not read back as written")
	}
	for _, layout := range ParquetLayouts {
		p := filepath.Join(dir, layout+".parquet")
		writeParquetLayout(t, p, eps, layout)
		got := jsonlBytes(readAll(t, p, ReadOptions{}))
		if !bytes.Equal(got, want) {
			a, b := bytes.Split(want, []byte("\n")), bytes.Split(got, []byte("\n"))
			for i := range min(len(a), len(b)) {
				if !bytes.Equal(a[i], b[i]) {
					t.Fatalf("%s: episode %d differs:\nwant %s\ngot  %s", layout, i+1, a[i], b[i])
				}
			}
			t.Fatalf("%s: %d lines, want %d", layout, len(b), len(a))
		}
		data, _ := os.ReadFile(p)
		if has := bytes.Contains(data, []byte(parquetLayoutKey)); has != (layout == ParquetLayoutTyped) {
			t.Errorf("%s: layout key in the footer: %v", layout, has)
		}
	}
}

// TestParquetTypedSmallRowGroups: the columns are read a batch of rows at a time; with
// row groups of 7 rows and batches of 5, batches end inside groups and span two, and a
// list's entries cross both boundaries. Every
// episode, edge cases among them (null and empty lists, elements that are not objects),
// reads back as written.
func TestParquetTypedSmallRowGroups(t *testing.T) {
	defer func(n int, p pqarrow.ArrowReadProperties) { parquetRowGroupRows, arrowProps = n, p }(parquetRowGroupRows, arrowProps)
	parquetRowGroupRows, arrowProps.BatchSize = 7, 5
	dir := t.TempDir()
	j := filepath.Join(dir, "edge.jsonl")
	if err := os.WriteFile(j, []byte(strings.Join(typedEdgeLines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	eps := realisticEpisodes(60, 11)
	for i, e := range readAll(t, j, ReadOptions{}) {
		eps = slices.Insert(eps, 9*i+3, e)
	}
	want := jsonlBytes(eps)
	p := filepath.Join(dir, "e.parquet")
	writeParquetLayout(t, p, eps, ParquetLayoutTyped)
	if got := jsonlBytes(readAll(t, p, ReadOptions{})); !bytes.Equal(got, want) {
		t.Errorf("read back\n%s\nwant\n%s", got, want)
	}
}

// TestParquetTypedNoEvents: a file in which no episode has an event (Legacy episodes
// only: their records hold none) round-trips in both layouts; the typed layout's event
// columns then have no dictionary page, which a reader must take as all null.
func TestParquetTypedNoEvents(t *testing.T) {
	dir := t.TempDir()
	j := filepath.Join(dir, "legacy.jsonl")
	if err := os.WriteFile(j, []byte(strings.Join(typedEdgeLines[2:], "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	eps := readAll(t, j, ReadOptions{})
	want := jsonlBytes(eps)
	for _, layout := range ParquetLayouts {
		p := filepath.Join(dir, layout+".parquet")
		writeParquetLayout(t, p, eps, layout)
		if got := jsonlBytes(readAll(t, p, ReadOptions{})); !bytes.Equal(got, want) {
			t.Errorf("%s: read back\n%s\nwant\n%s", layout, got, want)
		}
	}
}

// TestParquetTypedRepeatedKey: an object built with a key twice (the parsers keep one)
// is written as JSON text and reads back as the JSON layout reads it.
func TestParquetTypedRepeatedKey(t *testing.T) {
	dir := t.TempDir()
	var eps []*Episode
	for _, e := range realisticEpisodes(20, 9) {
		if e.Record != nil && len(eps) < 2 {
			eps = append(eps, e)
		}
	}
	ev := &jsonv.Object{Keys: []string{"type", "type"}, Values: []any{"A", "B"}}
	eps[0].Record.Set("events", []any{ev})
	eps[1].Record = NewRecord(&jsonv.Object{Keys: []string{"env_id", "env_id"}, Values: []any{"a", "b"}})
	var outs [][]byte
	for _, layout := range ParquetLayouts {
		p := filepath.Join(dir, layout+".parquet")
		writeParquetLayout(t, p, eps, layout)
		outs = append(outs, jsonlBytes(readAll(t, p, ReadOptions{})))
	}
	if !bytes.Equal(outs[0], outs[1]) {
		t.Errorf("the layouts read a repeated key differently:\n%s\n%s", outs[0], outs[1])
	}
	if !bytes.Contains(outs[0], []byte(`"events":[{"type":"B"}]`)) {
		t.Errorf("repeated event key: %s", outs[0])
	}
}

// TestParquetTypedLayoutKey: a file whose layout key names another version is refused,
// naming the file and the layout.
func TestParquetTypedLayoutKey(t *testing.T) {
	p := filepath.Join(t.TempDir(), "e.parquet")
	writeParquetLayout(t, p, realisticEpisodes(3, 1), ParquetLayoutTyped)
	data, _ := os.ReadFile(p)
	data = bytes.Replace(data, []byte(parquetLayoutTypedV1), []byte("typed/9"), 1)
	os.WriteFile(p, data, 0o644)
	_, err := readAllOrErr(p)
	if err == nil || !strings.Contains(err.Error(), p) || !strings.Contains(err.Error(), `"typed/9"`) {
		t.Errorf("error %v, want one naming the file and the layout", err)
	}
}

// TestParquetTypedDamagedCells: damaged typed cells (a key list naming a key no column
// or _rest holds, a _rest that is not JSON) are problems naming the file, row and field;
// the other rows read.
func TestParquetTypedDamagedCells(t *testing.T) {
	old := parquetCodec
	parquetCodec = compress.Codecs.Uncompressed // plain pages, to damage in place
	defer func() { parquetCodec = old }()
	dir := t.TempDir()
	j := filepath.Join(dir, "edge.jsonl")
	os.WriteFile(j, []byte(typedEdgeLines[0]+"\n"+typedEdgeLines[3]+"\n"), 0o644)
	eps := readAll(t, j, ReadOptions{})
	p := filepath.Join(dir, "e.parquet")
	writeParquetLayout(t, p, eps, ParquetLayoutTyped)
	data, _ := os.ReadFile(p)
	for _, r := range [][2]string{
		{`"tool_status","zz"`, `"tool_statuX","zz"`}, // in the events' _keys dictionary
		{`"note":1}`, `"note":1]`},                   // official's _rest
	} {
		// Everywhere: the column statistics hold the value too.
		if !bytes.Contains(data, []byte(r[0])) {
			t.Fatalf("%s is not in the file", r[0])
		}
		data = bytes.ReplaceAll(data, []byte(r[0]), []byte(r[1]))
	}
	os.WriteFile(p, data, 0o644)
	r, err := OpenEpisodes(p, ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	got, probs := collect(t, r)
	var msgs []string
	for _, p := range probs {
		msgs = append(msgs, p.Error())
	}
	all := strings.Join(msgs, "\n")
	for _, want := range []string{
		p + ":1: record.events[4].tool_statuX: listed in _keys but in neither a column nor _rest",
		p + ":1: official._rest: invalid JSON",
	} {
		if !strings.Contains(all, want) {
			t.Errorf("problems lack %q:\n%s", want, all)
		}
	}
	if len(got) != 1 || got[0].RunID != "r4" {
		t.Errorf("read %d episodes, want r4 alone", len(got))
	}
}
