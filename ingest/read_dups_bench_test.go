package ingest

import (
	"io"
	"os"
	"runtime"
	"testing"
)

// BenchmarkReadDuplicateChecks reads the episode file named by $SABENCH_BENCH_FILE (a
// release's runs.jsonl, say synth --scale 10's) once per op, dropping every episode, and
// reports what the reader still holds once it has read them all: the live heap after a
// collection, per episode read, in all and over the second half of the file (what one
// more episode adds, with the decoder's fixed buffers left out). What grows is the
// duplicate checks. Skipped without the variable.
func BenchmarkReadDuplicateChecks(b *testing.B) {
	path := os.Getenv("SABENCH_BENCH_FILE")
	if path == "" {
		b.Skip("set SABENCH_BENCH_FILE to an episode file")
	}
	live := func() float64 {
		runtime.GC()
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		return float64(ms.HeapAlloc)
	}
	all := readCount(b, path) // first, so that the second half's start is known
	var total, half float64
	b.ResetTimer()
	start := cpuTime()
	for b.Loop() {
		base := live()
		r, err := OpenEpisodes(path, ReadOptions{})
		if err != nil {
			b.Fatal(err)
		}
		var mid float64
		for i := 0; ; i++ {
			if i == all/2 {
				mid = live()
			}
			_, err := r.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				b.Fatal(err)
			}
		}
		end := live()
		runtime.KeepAlive(r)
		r.Close()
		total, half = end-base, end-mid
	}
	b.ReportMetric(total/float64(all), "heap-B/episode")
	b.ReportMetric(half/float64(all-all/2), "heap-B/episode-2nd-half")
	b.ReportMetric(float64((cpuTime()-start).Milliseconds())/float64(b.N), "cpu-ms/op")
}
