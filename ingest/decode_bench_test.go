package ingest

import (
	"io"
	"os"
	"path/filepath"
	"runtime"
	"syscall"
	"testing"
	"time"
)

// cpuTime is the process's user+system CPU time. The benchmarks report MB per CPU
// second beside wall-clock MB/s, because the shared 2-core machine they run on is often
// oversubscribed and wall time then understates the per-core rate.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func reportCPU(b *testing.B, start time.Duration, bytesPerOp int64) {
	cpu := (cpuTime() - start).Seconds()
	if cpu > 0 {
		b.ReportMetric(float64(bytesPerOp)*float64(b.N)/1e6/cpu, "MB/cpu-s")
		b.ReportMetric(float64(benchEpisodes*b.N)/cpu, "episodes/cpu-s")
	}
}

// benchEpisodes is the benchmark corpus: 2,000 realistic episodes (V0–V3 records with
// 10–20 events, some Legacy decisions), about 5 MB of JSONL.
const benchEpisodes = 2000

func readCount(b *testing.B, path string) int { return readCountWith(b, path, ReadOptions{}) }

func readCountWith(b *testing.B, path string, opt ReadOptions) int {
	r, err := OpenEpisodes(path, opt)
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
	start := cpuTime()
	for b.Loop() {
		if n := readCount(b, path); n != benchEpisodes {
			b.Fatalf("read %d", n)
		}
	}
	reportCPU(b, start, st.Size())
	b.ReportMetric(float64(benchEpisodes*b.N)/b.Elapsed().Seconds(), "episodes/s")
}

// BenchmarkParallelDecodeJSONL is BenchmarkDecodeJSONL with ReadOptions.Workers =
// GOMAXPROCS (line-aligned chunks decoded on the workers, order kept): MB/s is wall
// throughput, MB/cpu-s what the parallel machinery costs per core.
func BenchmarkParallelDecodeJSONL(b *testing.B) {
	path := filepath.Join(b.TempDir(), "e.jsonl")
	writeJSONL(b, path, realisticEpisodes(benchEpisodes, 11))
	st, _ := os.Stat(path)
	b.SetBytes(st.Size())
	b.ResetTimer()
	start := cpuTime()
	for b.Loop() {
		if n := readCountWith(b, path, ReadOptions{Workers: runtime.GOMAXPROCS(0)}); n != benchEpisodes {
			b.Fatalf("read %d", n)
		}
	}
	reportCPU(b, start, st.Size())
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
	start := cpuTime()
	for b.Loop() {
		if n := readCount(b, pp); n != benchEpisodes {
			b.Fatalf("read %d", n)
		}
	}
	reportCPU(b, start, st.Size())
	b.ReportMetric(float64(benchEpisodes*b.N)/b.Elapsed().Seconds(), "episodes/s")
}
