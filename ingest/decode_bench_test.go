package ingest

import (
	"io"
	"os"
	"path/filepath"
	"testing"
)

// benchEpisodes is the benchmark corpus: 2,000 realistic episodes (V0–V3 records with
// 10–20 events, some Legacy decisions), about 5 MB of JSONL.
const benchEpisodes = 2000

func readCount(b *testing.B, path string) int {
	r, err := OpenEpisodes(path, ReadOptions{})
	if err != nil {
		b.Fatal(err)
	}
	n := 0
	for {
		_, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			b.Fatal(err)
		}
		n++
	}
	r.Close()
	return n
}

// BenchmarkDecodeJSONL measures JSONL episode decoding (read, parse, validate) in MB/s
// of JSONL and episodes/s, on one goroutine.
func BenchmarkDecodeJSONL(b *testing.B) {
	path := filepath.Join(b.TempDir(), "e.jsonl")
	writeJSONL(b, path, realisticEpisodes(benchEpisodes, 11))
	st, _ := os.Stat(path)
	b.SetBytes(st.Size())
	b.ResetTimer()
	for b.Loop() {
		if n := readCount(b, path); n != benchEpisodes {
			b.Fatalf("read %d", n)
		}
	}
	b.ReportMetric(float64(benchEpisodes*b.N)/b.Elapsed().Seconds(), "episodes/s")
}

// BenchmarkDecodeParquet measures Parquet episode decoding; SetBytes is the size of the
// same episodes as JSONL, so the MB/s compare with BenchmarkDecodeJSONL.
func BenchmarkDecodeParquet(b *testing.B) {
	dir := b.TempDir()
	eps := realisticEpisodes(benchEpisodes, 11)
	jp, pp := filepath.Join(dir, "e.jsonl"), filepath.Join(dir, "e.parquet")
	writeJSONL(b, jp, eps)
	writeParquet(b, pp, eps)
	st, _ := os.Stat(jp)
	b.SetBytes(st.Size())
	b.ResetTimer()
	for b.Loop() {
		if n := readCount(b, pp); n != benchEpisodes {
			b.Fatalf("read %d", n)
		}
	}
	b.ReportMetric(float64(benchEpisodes*b.N)/b.Elapsed().Seconds(), "episodes/s")
}
