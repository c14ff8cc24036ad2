package ingest

import (
	"io"
	"os"
	"runtime"
	"testing"
)

// BenchmarkReadDuplicateChecks reads the episode file named by $SABENCH_BENCH_FILE (a
// release's runs.jsonl, say synth --scale 10's) once per op, dropping every episode, and
// reports what the reader still holds once it has read them all and closed the file: the
// live heap after a collection, per episode read. That is the duplicate checks (and the
// few strings they intern). Skipped without the variable.
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
	var held float64
	n := 0
	start := cpuTime()
	for b.Loop() {
		base := live()
		r, err := OpenEpisodes(path, ReadOptions{})
		if err != nil {
			b.Fatal(err)
		}
		for n = 0; ; n++ {
			_, err := r.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				b.Fatal(err)
			}
		}
		held = live() - base
		runtime.KeepAlive(r)
		r.Close()
	}
	b.ReportMetric(held/float64(n), "heap-B/episode")
	b.ReportMetric(float64((cpuTime()-start).Milliseconds())/float64(b.N), "cpu-ms/op")
}
