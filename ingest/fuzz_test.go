package ingest

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/parquet/compress"
	"github.com/sabench/sabench-stats/ingest/jsonv"
)

// FuzzDecodeEpisodeLine: no JSONL line panics the decoder; the readers' decoder, which
// types the record's events as it parses them, agrees with the plain one, which types them
// from the value tree (same problems, same typed events, same bytes written back); an
// accepted episode re-encodes to a line that decodes to the same episode.
func FuzzDecodeEpisodeLine(f *testing.F) {
	for _, e := range realisticEpisodes(6, 3) {
		f.Add(AppendEpisodeJSON(nil, e))
	}
	for _, s := range []string{`{}`, `[]`, `{"config":"a/b","case_id":"SAB-V1-001","repeat":-1}`,
		`{"config":"a/b","case_id":"SAB-V1-001@","repeat":0,"status":"weird","usage":{"x":"y"}}`,
		`{"config":"a","case_id":"X","repeat":1.0,"record":[],"official":3}`, `{"config":"a","case_id":"X","repeat":0,"extra":{"k":NaN}}`,
		// Repeated keys on the way to the events, and elements of every kind.
		`{"schema":"sabench.episode/v1","config":"a","case_id":"X","repeat":0,"record":{"events":[{"type":"A"}]},"record":{"events":5}}`,
		`{"schema":"sabench.episode/v1","config":"a","case_id":"X","repeat":0,"record":{"events":[1,{"tool":"t","tool":""}],"events":[{},null,{"type":3,"x":[1],"tool":7,"arguments":"s","call_id":null}]}}`,
		`{"schema":"sabench.episode/v1","config":"a","case_id":"X","repeat":0,"record":{"events":[[{"type":"A"}],{"arguments":{"events":[1],"n":NaN},"content":{"k":[]}}],"x":{"events":[2]}},"extra":{"record":{"events":[3]}}}`} {
		f.Add([]byte(s))
	}
	dec, sunk := newLineDecoder()
	plain := jsonv.NewDecoder()
	f.Fuzz(func(t *testing.T, line []byte) {
		e, err := decodeEpisodeLine(dec, sunk, line, "f.jsonl", 1, false)
		ref, refErr := decodeEpisodeLine(plain, nil, line, "f.jsonl", 1, false)
		if fmt.Sprint(err) != fmt.Sprint(refErr) {
			t.Fatalf("typed while read: %v\nfrom the tree: %v", err, refErr)
		}
		if err != nil {
			if AsProblems(err) == nil {
				t.Fatalf("not a problem value: %v", err)
			}
			return
		}
		checkTyped(t, e)
		sameEvents(t, e.Record, ref.Record)
		again := AppendEpisodeJSON(nil, e)
		if b := AppendEpisodeJSON(nil, ref); string(b) != string(again) {
			t.Fatalf("written back differently:\ntyped while read %s\nfrom the tree    %s", again, b)
		}
		e2, err := decodeEpisodeLine(dec, sunk, again, "f.jsonl", 1, false)
		if err != nil {
			t.Fatalf("re-encoded episode does not decode: %v\n%s", err, again)
		}
		if b := AppendEpisodeJSON(nil, e2); string(b) != string(again) {
			t.Fatalf("unstable encoding:\n%s\n%s", again, b)
		}
	})
}

// sameEvents fails unless two records' typed events are alike, field by field (the JSON
// values by their text, NaN included) and as written.
func sameEvents(t *testing.T, a, b *Record) {
	t.Helper()
	if (a == nil) != (b == nil) {
		t.Fatalf("record %v, want %v", a != nil, b != nil)
	}
	if a == nil {
		return
	}
	ea, eb := a.Events(nil), b.Events(nil)
	if len(ea) != len(eb) || a.HasEvents != b.HasEvents || a.EventsOK != b.EventsOK {
		t.Fatalf("%d events (%v/%v), want %d (%v/%v)", len(ea), a.HasEvents, a.EventsOK, len(eb), b.HasEvents, b.EventsOK)
	}
	text := func(r *Record, evs []Event, i int) string {
		e := &evs[i]
		return fmt.Sprintf("%d %v %q %v %q %v %v %s %s", e.Index, e.Object, e.Type, e.TypeOK, e.Tool, e.ToolOK, e.ArgumentsOK,
			jsonv.Marshal([]any{e.CallID, e.EvidenceDeltaKey, e.ToolStatus, e.ResolvedArguments, e.ToolResult, e.Result, e.AttemptedArgumentsValid, e.Content, e.Arguments}),
			jsonv.Marshal(r.eventValue(evs, i))) +
			fmt.Sprint(e.HasCallID, e.HasEvidenceDeltaKey, e.HasToolStatus, e.HasResolvedArguments, e.HasToolResult, e.HasResult, e.HasAttemptedArgumentsValid, e.HasContent)
	}
	for i := range ea {
		if x, y := text(a, ea, i), text(b, eb, i); x != y {
			t.Fatalf("events[%d]:\n got %s\nwant %s", i, x, y)
		}
	}
}

// FuzzParquetFile: no file content panics the Parquet reader; a damaged file gives an
// error naming it, never a crash; the reader that types the events from their columns
// agrees with the one that makes them into a value tree first.
func FuzzParquetFile(f *testing.F) {
	dir := f.TempDir()
	p := filepath.Join(dir, "seed.parquet")
	writeParquet(f, p, realisticEpisodes(4, 5))
	good, err := os.ReadFile(p)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(good)
	f.Add(good[:len(good)/2])
	// The JSON-text layout, and the typed layout's edge cases (values in _rest and _raw,
	// keys in another order) written without compression, so that mutations reach the
	// cells.
	writeParquetLayout(f, p, realisticEpisodes(2, 5), ParquetLayoutJSON)
	jsonLayout, _ := os.ReadFile(p)
	f.Add(jsonLayout)
	edge := filepath.Join(dir, "edge.jsonl")
	os.WriteFile(edge, []byte(strings.Join(typedEdgeLines, "\n")+"\n"), 0o644)
	old := parquetCodec
	parquetCodec = compress.Codecs.Uncompressed
	writeParquetLayout(f, p, readAll(f, edge, ReadOptions{}), ParquetLayoutTyped)
	parquetCodec = old
	plain, _ := os.ReadFile(p)
	f.Add(plain)
	foreign, _ := os.ReadFile(filepath.Join("testdata", "parquet", "foreign.parquet"))
	f.Add(foreign)
	f.Add([]byte("PAR1\x00\x00\x00\x00PAR1"))
	f.Fuzz(func(t *testing.T, data []byte) {
		path := filepath.Join(t.TempDir(), "f.parquet")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		r, err := OpenEpisodes(path, ReadOptions{Format: "parquet"})
		if err != nil {
			return
		}
		defer r.Close()
		ref, err := OpenEpisodes(path, ReadOptions{Format: "parquet", treeEvents: true})
		if err != nil {
			t.Fatalf("opens once only: %v", err)
		}
		defer ref.Close()
		for i := 0; i < 1000; i++ {
			e, err := r.Next()
			want, wantErr := ref.Next()
			if fmt.Sprint(err) != fmt.Sprint(wantErr) {
				t.Fatalf("episode %d: typed from the columns: %v\nfrom the tree: %v", i, err, wantErr)
			}
			if err == nil {
				sameEvents(t, e.Record, want.Record)
				if a, b := AppendEpisodeJSON(nil, e), AppendEpisodeJSON(nil, want); string(a) != string(b) {
					t.Fatalf("episode %d written back differently:\n%s\n%s", i, a, b)
				}
			}
			if err == io.EOF || (err != nil && AsProblems(err) == nil) {
				return
			}
		}
	})
}
