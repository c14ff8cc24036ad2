package ingest

import (
	"io"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"testing"
	"time"
)

// reportCPU reports MB and episodes per CPU second, and episodes per second, for a
// corpus of n episodes and size bytes read once per op.
func reportCPU(b *testing.B, start time.Duration, size int64, n int) {
	cpu := (cpuTime() - start).Seconds()
	if cpu > 0 {
		b.ReportMetric(float64(size)*float64(b.N)/1e6/cpu, "MB/cpu-s")
		b.ReportMetric(float64(n*b.N)/cpu, "episodes/cpu-s")
	}
	b.ReportMetric(float64(n*b.N)/b.Elapsed().Seconds(), "episodes/s")
}

// benchEpisodes is the benchmark corpus: 2,000 realistic episodes (V0–V3 records with
// 10–20 events, some Legacy decisions), about 7 MB of JSONL. A file that size stays in
// this machine's cache from one op to the next; largeEpisodes (about 70 MB) does not, as
// a release's file would not, and reads about a fifth slower.
const (
	benchEpisodes = 2000
	largeEpisodes = 20000
	corpusSeed    = 11 // the corpus's episodes, the same in every decode benchmark
)

// benchCorpus writes n realistic episodes as JSONL and sets the benchmark's bytes per op.
func benchCorpus(b *testing.B, n int) (path string, size int64) {
	path = filepath.Join(b.TempDir(), "e.jsonl")
	writeJSONL(b, path, realisticEpisodes(n, corpusSeed))
	st, err := os.Stat(path)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(st.Size())
	return path, st.Size()
}

func readCount(b *testing.B, path string) int { return readCountWith(b, path, ReadOptions{}) }

func readCountWith(b *testing.B, path string, opt ReadOptions) int {
	n, err := countEpisodes(path, opt)
	if err != nil {
		b.Fatal(err)
	}
	return n
}

// countEpisodes reads every episode of a file and counts them.
func countEpisodes(path string, opt ReadOptions) (int, error) {
	r, err := OpenEpisodes(path, opt)
	if err != nil {
		return 0, err
	}
	defer r.Close()
	n := 0
	for {
		_, err := r.Next()
		if err == io.EOF {
			return n, nil
		}
		if err != nil {
			return n, err
		}
		n++
	}
}

// BenchmarkDecodeJSONL measures JSONL episode decoding (read, parse, validate) in MB/s
// of JSONL and episodes/s, on one goroutine.
func BenchmarkDecodeJSONL(b *testing.B) { benchDecodeJSONL(b, benchEpisodes, ReadOptions{}) }

// BenchmarkDecodeJSONLLarge is BenchmarkDecodeJSONL on a file the cache does not hold.
func BenchmarkDecodeJSONLLarge(b *testing.B) { benchDecodeJSONL(b, largeEpisodes, ReadOptions{}) }

// BenchmarkParallelDecodeJSONL is BenchmarkDecodeJSONL with ReadOptions.Workers =
// GOMAXPROCS (line-aligned chunks decoded on the workers, order kept): MB/s is wall
// throughput, MB/cpu-s what the parallel machinery costs per core.
func BenchmarkParallelDecodeJSONL(b *testing.B) {
	benchDecodeJSONL(b, benchEpisodes, ReadOptions{Workers: runtime.GOMAXPROCS(0)})
}

// BenchmarkBaselineTwoDecoders runs two one-goroutine reads of the corpus at once: the
// per-core rate this machine gives two busy cores, which share caches and memory, and so
// the ceiling of BenchmarkParallelDecodeJSONL's per-core rate.
func BenchmarkBaselineTwoDecoders(b *testing.B) {
	path, size := benchCorpus(b, benchEpisodes)
	b.SetBytes(2 * size)
	b.ResetTimer()
	start := cpuTime()
	for b.Loop() {
		var wg sync.WaitGroup
		var counts [2]int
		var errs [2]error
		for i := range counts {
			wg.Go(func() { counts[i], errs[i] = countEpisodes(path, ReadOptions{}) })
		}
		wg.Wait()
		for i := range counts {
			if errs[i] != nil || counts[i] != benchEpisodes {
				b.Fatalf("read %d: %v", counts[i], errs[i])
			}
		}
	}
	reportCPU(b, start, 2*size, 2*benchEpisodes)
}

func benchDecodeJSONL(b *testing.B, n int, opt ReadOptions) {
	path, size := benchCorpus(b, n)
	b.ResetTimer()
	start := cpuTime()
	for b.Loop() {
		if got := readCountWith(b, path, opt); got != n {
			b.Fatalf("read %d", got)
		}
	}
	reportCPU(b, start, size, n)
}

// BenchmarkDecodeParquet measures Parquet episode decoding (the typed layout, which
// writers use by default); SetBytes is the size of the same episodes as JSONL, so the
// MB/s compare with BenchmarkDecodeJSONL.
func BenchmarkDecodeParquet(b *testing.B) { benchDecodeParquet(b, ParquetLayoutTyped) }

// BenchmarkDecodeParquetJSONLayout is BenchmarkDecodeParquet on the JSON-text layout.
func BenchmarkDecodeParquetJSONLayout(b *testing.B) { benchDecodeParquet(b, ParquetLayoutJSON) }

func benchDecodeParquet(b *testing.B, layout string) {
	path, size := parquetCorpus(b, layout)
	b.ResetTimer()
	start := cpuTime()
	for b.Loop() {
		if n := readCount(b, path); n != benchEpisodes {
			b.Fatalf("read %d", n)
		}
	}
	reportCPU(b, start, size, benchEpisodes)
}

// parquetCorpus writes the corpus of benchEpisodes episodes as Parquet and sets the benchmark's bytes
// per op to their JSONL size, so that rates compare with the JSONL benchmarks'.
func parquetCorpus(b *testing.B, layout string) (path string, jsonlSize int64) {
	dir := b.TempDir()
	eps := realisticEpisodes(benchEpisodes, corpusSeed)
	jp, path := filepath.Join(dir, "e.jsonl"), filepath.Join(dir, "e.parquet")
	writeJSONL(b, jp, eps)
	writeParquetLayout(b, path, eps, layout)
	st, err := os.Stat(jp)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(st.Size())
	return path, st.Size()
}

// BenchmarkDecodeFile decodes the episode file named by $SABENCH_BENCH_FILE (JSONL or
// Parquet, such as a release's runs.jsonl and runs.parquet) once per op on one goroutine;
// .ci/bench runs it beside DuckDB reading the same file. Skipped without the variable.
func BenchmarkDecodeFile(b *testing.B) {
	path := os.Getenv("SABENCH_BENCH_FILE")
	if path == "" {
		b.Skip("set SABENCH_BENCH_FILE to an episode file")
	}
	st, err := os.Stat(path)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(st.Size())
	b.ResetTimer()
	start := cpuTime()
	n := 0
	for i := 0; i < b.N; i++ {
		n = readCount(b, path)
	}
	reportCPU(b, start, st.Size(), n)
	b.ReportMetric(float64((cpuTime()-start).Milliseconds())/float64(b.N), "cpu-ms/op")
}
