package ingest

import (
	"encoding/binary"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCutFiles cuts real episode files short: the Parquet fixture inside and around its
// footer, the interactive runner's episodes in the middle of each line. Every read ends in
// an error naming the file (and for JSONL the line cut), never a panic and never an end
// without one.
func TestCutFiles(t *testing.T) {
	pq, err := os.ReadFile(filepath.Join("testdata", "parquet", "record_only.parquet"))
	if err != nil {
		t.Fatal(err)
	}
	footer := len(pq) - 8 - int(binary.LittleEndian.Uint32(pq[len(pq)-8:]))
	dir := t.TempDir()
	for _, n := range []int{len(pq) - 1, len(pq) - 4, len(pq) - 8, len(pq) - 9, footer + (len(pq)-footer)/2, footer, footer - 1, len(pq) / 2} {
		p := filepath.Join(dir, "cut.parquet")
		if err := os.WriteFile(p, pq[:n], 0o644); err != nil {
			t.Fatal(err)
		}
		got, err := readUntilError(p)
		if err == nil || !strings.Contains(err.Error(), p) {
			t.Errorf("cut at %d of %d bytes: %d episodes, %v; want an error naming the file", n, len(pq), got, err)
		}
	}
	jl, err := os.ReadFile(filepath.Join("harness", "testdata", "interactive.golden.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	line, start := 1, 0
	for i, c := range jl {
		if c != '\n' {
			continue
		}
		p := filepath.Join(dir, "cut.jsonl")
		if err := os.WriteFile(p, jl[:(start+i)/2], 0o644); err != nil {
			t.Fatal(err)
		}
		got, err := readUntilError(p)
		var pr Problem
		if ps := AsProblems(err); len(ps) == 1 {
			pr = ps[0]
		}
		if got != line-1 || pr.File != p || pr.Line != line {
			t.Errorf("line %d cut in its middle: %d episodes, %v; want %d and a problem on line %d", line, got, err, line-1, line)
		}
		line, start = line+1, i+1
	}
}

// readUntilError reads path's episodes to the first error: how many, and the error
// (nil at the end).
func readUntilError(path string) (int, error) {
	r, err := OpenEpisodes(path, ReadOptions{})
	if err != nil {
		return 0, err
	}
	defer r.Close()
	for n := 0; ; n++ {
		_, err := r.Next()
		if errors.Is(err, io.EOF) {
			return n, nil
		}
		if err != nil {
			return n, err
		}
	}
}

// TestParquetChunkOutsideFile is the crasher FuzzParquetDamaged found: two bytes of the
// footer changed give a struct column's chunk a negative length, which the Parquet library
// allocated in a goroutine of its own (a panic no recover reaches: the process died). The
// footer is refused now, naming the row group and the column.
func TestParquetChunkOutsideFile(t *testing.T) {
	src := filepath.Join(t.TempDir(), "seed.parquet")
	writeParquet(t, src, realisticEpisodes(2, 7))
	data, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	data[15471%len(data)] ^= '%'
	data[15872%len(data)] ^= 'w'
	if err := os.WriteFile(src, data, 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = readUntilError(src)
	if err == nil || !strings.Contains(err.Error(), src+": corrupt Parquet footer: row group 0, column ") || !strings.Contains(err.Error(), "does not lie inside the file's") {
		t.Fatalf("got %v, want the footer refused", err)
	}
}
