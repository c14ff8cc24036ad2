package harness_test

import (
	"io"
	"testing"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/harness"
)

// BenchmarkInspectStream reads every fourth episode of the built-in release, written as
// Inspect logs, into episodes: the .eval path's reading and conversion without the
// scoring (cmd/sabench-stats BenchmarkInspectScore measures the whole command).
func BenchmarkInspectStream(b *testing.B) {
	written, files := writeInspectSubset(b, b.TempDir(), func(i int, _ *ingest.Episode) bool { return i%4 == 0 })
	bench := builtinBench(b)
	n := 0
	for b.Loop() {
		s, err := harness.OpenInspect(files, harness.Options{Bench: bench, Workers: 1})
		if err != nil {
			b.Fatal(err)
		}
		for {
			_, err := s.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				b.Fatal(err)
			}
			n++
		}
		s.Close()
	}
	if n != len(written)*b.N {
		b.Fatalf("%d episodes read, %d written", n, len(written)*b.N)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/1e3/float64(n), "µs/sample")
}
