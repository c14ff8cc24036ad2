package ingest

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/sabench/sabench-stats/ingest/jsonv"
)

// FuzzConvertRoundTrip: an episode line the JSONL decoder accepts, written as Parquet in
// either layout, reads back as the same episode, and written as JSONL again as the same
// line (what convert promises: JSONL to Parquet to JSONL is lossless).
func FuzzConvertRoundTrip(f *testing.F) {
	for _, e := range realisticEpisodes(4, 7) {
		f.Add(AppendEpisodeJSON(nil, e), false)
	}
	for _, line := range typedEdgeLines {
		f.Add([]byte(line), true)
	}
	real, err := os.ReadFile(filepath.Join("harness", "testdata", "interactive.golden.jsonl"))
	if err != nil {
		f.Fatal(err)
	}
	for _, line := range bytes.Split(real, []byte("\n"))[:2] {
		f.Add(line, false)
	}
	f.Fuzz(func(t *testing.T, line []byte, jsonLayout bool) {
		e, err := decodeEpisodeLine(jsonv.NewDecoder(), line, "f.jsonl", 1, false)
		if err != nil {
			return
		}
		want := string(AppendEpisodeJSON(nil, e))
		layout := ParquetLayoutTyped
		if jsonLayout {
			layout = ParquetLayoutJSON
		}
		p := filepath.Join(t.TempDir(), "f.parquet")
		writeParquetLayout(t, p, []*Episode{e}, layout)
		back := readAll(t, p, ReadOptions{})
		if len(back) != 1 {
			t.Fatalf("%d episodes read back", len(back))
		}
		if got := string(AppendEpisodeJSON(nil, back[0])); got != want {
			t.Fatalf("%s layout changed the episode:\n got %s\nwant %s", layout, got, want)
		}
	})
}
