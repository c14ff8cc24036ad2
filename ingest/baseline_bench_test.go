package ingest

import (
	"bufio"
	"encoding/json"
	"os"
	"testing"
)

// BenchmarkBaselineStdlibJSON decodes the same JSONL corpus as BenchmarkDecodeJSONL with
// encoding/json into map[string]any and nothing else: the naive reader a notebook would
// use. .ci/bench divides every result by it, so ratios survive a slower or busier machine.
func BenchmarkBaselineStdlibJSON(b *testing.B) { benchStdlibJSON(b, benchEpisodes) }

// BenchmarkBaselineStdlibJSONLarge is the baseline of BenchmarkDecodeJSONLLarge.
func BenchmarkBaselineStdlibJSONLarge(b *testing.B) { benchStdlibJSON(b, largeEpisodes) }

func benchStdlibJSON(b *testing.B, want int) {
	path, size := benchCorpus(b, want)
	b.ResetTimer()
	start := cpuTime()
	for b.Loop() {
		f, err := os.Open(path)
		if err != nil {
			b.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		sc.Buffer(make([]byte, 1<<20), DefaultMaxLineBytes)
		n := 0
		for sc.Scan() {
			var m map[string]any
			if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
				b.Fatal(err)
			}
			n++
		}
		f.Close()
		if n != want {
			b.Fatalf("read %d", n)
		}
	}
	reportCPU(b, start, size, want)
}
