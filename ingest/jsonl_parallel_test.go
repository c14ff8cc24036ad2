package ingest

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// TestParallelDecodeKeepsOrder: with any number of workers the episodes, the problems
// (bad JSON, a line over the limit, which ends the file) and their line numbers are those
// of the serial reader, across chunk boundaries, with a BOM and blank lines; closing mid-stream stops
// the workers.
func TestParallelDecodeKeepsOrder(t *testing.T) {
	eps := realisticEpisodes(3*chunkLines+17, 7)
	var b bytes.Buffer
	b.Write(utf8BOM)
	for i, e := range eps {
		switch {
		case i == 5:
			b.WriteString("{not json\n")
		case i == chunkLines+3:
			b.WriteString("\n  \n")
		case i == 2*chunkLines:
			b.WriteString(`{"x":"` + strings.Repeat("y", 300_000) + "\"}\n")
		}
		b.Write(AppendEpisodeJSON(nil, e))
		b.WriteByte('\n')
	}
	path := filepath.Join(t.TempDir(), "runs.jsonl")
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	read := func(workers int) (string, []Problem) {
		r, err := OpenEpisodes(path, ReadOptions{Workers: workers, MaxLineBytes: 200_000})
		if err != nil {
			t.Fatal(err)
		}
		defer r.Close()
		got, probs := collect(t, r)
		var sb strings.Builder
		for _, e := range got {
			fmt.Fprintf(&sb, "%v %d %s\n", e.Key(), e.Line, AppendEpisodeJSON(nil, e))
		}
		return sb.String(), probs
	}
	want, wantProbs := read(1)
	// The over-long line before episode 2*chunkLines ends the file.
	if n := strings.Count(want, "\n"); n != 2*chunkLines || len(wantProbs) != 2 {
		t.Fatalf("serial read: %d episodes, %d problems %v; want %d and 2", n, len(wantProbs), wantProbs, 2*chunkLines)
	}
	for _, w := range []int{2, 3, 8} {
		got, probs := read(w)
		if got != want || !reflect.DeepEqual(probs, wantProbs) {
			t.Errorf("%d workers: episodes or problems differ from the serial read (%v vs %v)", w, probs, wantProbs)
		}
	}
	r, err := OpenEpisodes(path, ReadOptions{Workers: 4})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := r.Next(); err != nil {
		t.Fatal(err)
	}
	if err := r.Close(); err != nil {
		t.Fatal(err)
	}
}
