package ingest

import (
	"crypto/sha256"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
)

// manyEpisodes repeats the harness fixture's episodes under new repeats and run ids,
// enough for a Parquet file of more than one row group.
func manyEpisodes(t *testing.T, n int) []*Episode {
	t.Helper()
	base := readAll(t, filepath.Join("harness", "testdata", "batch.golden.jsonl"), ReadOptions{})
	var eps []*Episode
	for i := 0; len(eps) < n; i++ {
		for _, e := range base {
			c := *e
			c.Repeat = i
			c.RunID = fmt.Sprintf("%s#%d", e.RunID, i)
			eps = append(eps, &c)
		}
	}
	return eps
}

// The Parquet hash reads, beside the Parquet reader's own reads, exactly the bytes the
// reader skips (the magic, the events column): the file is read once while the reads
// ahead fit the limit; past it, the dropped reads are read again and the hash is still
// the file's.
func TestParquetHashReadsSkippedBytesOnce(t *testing.T) {
	path := filepath.Join(t.TempDir(), "runs.parquet")
	writeParquet(t, path, manyEpisodes(t, parquetRowGroupRows+100))
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	want := sha256.Sum256(data)
	defer func(l int) { aheadLimit = l }(aheadLimit)
	for _, limit := range []int{aheadLimit, 0} {
		aheadLimit = limit
		hs := NewFileHashes()
		fr, err := openFile(path, ReadOptions{Hashes: hs})
		if err != nil {
			t.Fatal(err)
		}
		pr := fr.(*parquetReader)
		if pr.pf.NumRowGroups() < 2 {
			t.Fatalf("%d row groups, want several", pr.pf.NumRowGroups())
		}
		ra := pr.hash
		for {
			if _, err := fr.next(); err == io.EOF {
				break
			} else if err != nil {
				t.Fatal(err)
			}
		}
		if err := fr.close(); err != nil {
			t.Fatal(err)
		}
		if got, ok := hs.Get(path); !ok || got.SHA256 != want || got.Bytes != int64(len(data)) {
			t.Fatalf("limit %d: hash %x (%d bytes, %v), want %x (%d)", limit, got.SHA256, got.Bytes, ok, want, len(data))
		}
		if read := ra.served + ra.filled; limit > 0 && read != int64(len(data)) || limit == 0 && read <= int64(len(data)) {
			t.Errorf("limit %d: read %d bytes (%d by the reader), in a file of %d", limit, read, ra.served, len(data))
		}
	}
}

// Whatever the order of the reads (the end first, columns side by side, overlaps, reads
// again, ranges never read), the hash is the file's, with or without room for reads ahead.
func TestHashingReaderAtAnyOrder(t *testing.T) {
	data := make([]byte, 200_000)
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range data {
		data[i] = byte(rng.Uint32())
	}
	path := filepath.Join(t.TempDir(), "f")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	want := sha256.Sum256(data)
	for _, limit := range []int{1 << 20, 5000, 0} {
		for trial := 0; trial < 20; trial++ {
			f, err := os.Open(path)
			if err != nil {
				t.Fatal(err)
			}
			ra := newHashingReaderAt(f, int64(len(data)))
			ra.limit = limit
			read := func(off, n int) {
				n = min(n, len(data)-off)
				b := make([]byte, n)
				if _, err := ra.ReadAt(b, int64(off)); err != nil && err != io.EOF {
					t.Fatal(err)
				}
			}
			read(len(data)-100, 100) // a footer
			// Two wanted columns read side by side in random steps, with a gap between.
			cols := []span{{10, 60_000}, {90_000, 180_000}}
			ra.mu.Lock()
			ra.want = cols
			ra.advance()
			ra.mu.Unlock()
			pos := []int{10, 90_000}
			for pos[0] < 60_000 || pos[1] < 180_000 {
				c := rng.IntN(2)
				if int64(pos[c]) >= cols[c].to {
					continue
				}
				n := 1 + rng.IntN(7000)
				back := rng.IntN(3) * rng.IntN(500) // sometimes read some bytes again
				read(max(pos[c]-back, int(cols[c].from)), n+back)
				pos[c] += n
			}
			hs := NewFileHashes()
			ra.finish(hs, path)
			f.Close()
			if got, ok := hs.Get(path); !ok || got.SHA256 != want {
				t.Fatalf("limit %d, trial %d: hash %x (%v), want %x", limit, trial, got.SHA256, ok, want)
			}
		}
	}
}
