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
// live heap after a collection, and the tables kept outside the heap, per episode read.
// That is the duplicate checks (and the few strings they intern). Skipped without the
// variable.
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
	var held, mapped float64
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
		mapped = float64(offHeapBytes(r.(*runsReader)))
		r.Close()
	}
	b.ReportMetric(held/float64(n), "heap-B/episode")
	b.ReportMetric(mapped/float64(n), "mapped-B/episode")
	b.ReportMetric(float64((cpuTime()-start).Milliseconds())/float64(b.N), "cpu-ms/op")
}

// offHeapBytes is what r's tables hold outside the heap: those of a page or more.
func offHeapBytes(r *runsReader) int {
	n := 0
	add := func(bytes int) {
		if bytes >= minMapped {
			n += bytes
		}
	}
	for _, p := range r.runIDs.parts {
		add(cap(p.slots) * 8)
		add(cap(p.ords) * 4)
	}
	add(cap(r.seen.pool) * 4)
	return n
}
