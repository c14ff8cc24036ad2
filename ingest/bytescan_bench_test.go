package ingest

import (
	"bytes"
	"io"
	"os"
	"testing"
)

// BenchmarkBaselineByteScan reads the JSONL corpus of BenchmarkDecodeJSONL through a 1 MiB
// buffer and counts its newlines (bytes.Count): the speed limit of any JSONL reader on this
// machine, which .ci/bench prints the decoders' rates against.
func BenchmarkBaselineByteScan(b *testing.B) {
	path, size := benchCorpus(b, benchEpisodes)
	buf := make([]byte, 1<<20)
	b.ResetTimer()
	start := cpuTime()
	for b.Loop() {
		f, err := os.Open(path)
		if err != nil {
			b.Fatal(err)
		}
		lines := 0
		for {
			n, err := f.Read(buf)
			lines += bytes.Count(buf[:n], []byte{'\n'})
			if err == io.EOF {
				break
			}
			if err != nil {
				b.Fatal(err)
			}
		}
		f.Close()
		if lines != benchEpisodes {
			b.Fatalf("counted %d lines, want %d", lines, benchEpisodes)
		}
	}
	reportCPU(b, start, size, benchEpisodes)
}
