package job

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/results"
)

// episodeFiles writes the harness fixture's episodes in every episode format, and adds a
// Parquet file written by another tool.
func episodeFiles(t *testing.T) []string {
	t.Helper()
	src := filepath.Join("..", "..", "ingest", "harness", "testdata", "batch.golden.jsonl")
	eps := readEpisodes(t, src, ingest.ReadOptions{})
	dir := t.TempDir()
	var paths []string
	for _, name := range []string{"runs.jsonl", "runs.jsonl.gz", "runs.jsonl.zst", "runs.parquet"} {
		p := filepath.Join(dir, name)
		src := &ingest.SliceSource{Episodes: eps}
		if _, err := WriteEpisodeFile(nil, p, ingest.DefaultParquetLayout, src.Next, func(pr ingest.Problem) { t.Error(pr) }); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, p)
	}
	foreign, err := os.ReadFile(filepath.Join("..", "..", "ingest", "testdata", "parquet", "foreign.parquet"))
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(dir, "foreign.parquet")
	if err := os.WriteFile(p, foreign, 0o644); err != nil {
		t.Fatal(err)
	}
	return append(paths, p)
}

// readEpisodes reads a file to its end, or only its first episode with first.
func readEpisodes(t *testing.T, path string, opt ingest.ReadOptions) []*ingest.Episode {
	t.Helper()
	r, err := ingest.OpenEpisodes(path, opt)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	var eps []*ingest.Episode
	for {
		e, err := r.Next()
		if errors.Is(err, io.EOF) {
			return eps
		}
		if err != nil && ingest.AsProblems(err) == nil {
			t.Fatalf("%s: %v", path, err)
		}
		if e != nil {
			eps = append(eps, e)
		}
	}
}

func inputsOf(t *testing.T, files []string, streamed *ingest.FileHashes) []results.InputFile {
	t.Helper()
	m := &results.Meta{}
	if err := m.AddInputs(nil, files, streamed); err != nil {
		t.Fatal(err)
	}
	return m.Inputs
}

// The hash taken while a file is read is HashFile's, for every format (a compressed file
// is hashed as stored, not as decompressed) and with the serial and parallel JSONL reads.
func TestStreamedHashIsHashFile(t *testing.T) {
	for _, p := range episodeFiles(t) {
		for _, workers := range []int{1, 3} {
			hs := ingest.NewFileHashes()
			readEpisodes(t, p, ingest.ReadOptions{Hashes: hs, Workers: workers})
			if _, ok := hs.Get(p); !ok {
				t.Errorf("%s (%d workers): read to its end but not hashed", filepath.Base(p), workers)
				continue
			}
			streamed, fallback := inputsOf(t, []string{p}, hs), inputsOf(t, []string{p}, nil)
			if !reflect.DeepEqual(streamed, fallback) {
				t.Errorf("%s (%d workers): streamed %+v, HashFile %+v", filepath.Base(p), workers, streamed, fallback)
			}
		}
	}
}

// Provenance does not read a file a read covered: with the file gone, it still gives the
// hash of what was read.
func TestStreamedHashNotReadAgain(t *testing.T) {
	for _, p := range episodeFiles(t) {
		want := inputsOf(t, []string{p}, nil)
		hs := ingest.NewFileHashes()
		readEpisodes(t, p, ingest.ReadOptions{Hashes: hs})
		if err := os.Remove(p); err != nil {
			t.Fatal(err)
		}
		if got := inputsOf(t, []string{p}, hs); !reflect.DeepEqual(got, want) {
			t.Errorf("%s: %+v, want %+v", filepath.Base(p), got, want)
		}
		if err := (&results.Meta{}).AddInputs(nil, []string{p}, nil); err == nil {
			t.Errorf("%s: hashed without the file", filepath.Base(p))
		}
	}
}

// A read that stops early (closed after one episode; a line over the limit ends a JSONL
// file) leaves no hash, so that provenance reads the file itself.
func TestPartialReadNotHashed(t *testing.T) {
	for _, p := range episodeFiles(t) {
		hs := ingest.NewFileHashes()
		r, err := ingest.OpenEpisodes(p, ingest.ReadOptions{Hashes: hs})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := r.Next(); err != nil {
			t.Fatal(err)
		}
		r.Close()
		if _, ok := hs.Get(p); ok {
			t.Errorf("%s: hashed after one episode", filepath.Base(p))
		}
	}
	p := episodeFiles(t)[0]
	hs := ingest.NewFileHashes()
	readEpisodes(t, p, ingest.ReadOptions{Hashes: hs, MaxLineBytes: 10})
	if _, ok := hs.Get(p); ok {
		t.Errorf("%s: hashed though a long line stopped the read", filepath.Base(p))
	}
}
