package inspect

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/ingest/inspect/inspecttest"
)

// benchEval builds an .eval of n samples, each a copy of the deduplication log's sample
// (80 kB, 42 events, 5 tool calls) under its own id.
func benchEval(b *testing.B, n int) []byte {
	b.Helper()
	var member []byte
	base := inspecttest.RewriteFile(b, logPath(dedup), func(name string, data []byte) []byte {
		if strings.HasPrefix(name, "samples/") {
			member = data
			return nil
		}
		return data
	})
	add := make([]inspecttest.Member, n)
	for i := range n {
		add[i] = inspecttest.Member{Name: fmt.Sprintf("samples/%d_epoch_1.json", i),
			Data: bytes.Replace(member, []byte(`"id": "0"`), []byte(fmt.Sprintf(`"id": "%d"`, i)), 1)}
	}
	return inspecttest.Rewrite(b, base, nil, add...)
}

// BenchmarkReadEval reads a 500-sample .eval (40 MB of sample JSON) member by member,
// with one decoding goroutine and with two.
func BenchmarkReadEval(b *testing.B) {
	data := benchEval(b, 500)
	for _, w := range []int{1, 2} {
		b.Run(fmt.Sprintf("workers=%d", w), func(b *testing.B) { benchRead(b, data, w) })
	}
}

func benchRead(b *testing.B, data []byte, workers int) {
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		r, err := OpenReaderAtWith("bench.eval", bytes.NewReader(data), int64(len(data)), nil, ReadOptions{Workers: workers})
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
		if n != 500 {
			b.Fatalf("%d samples", n)
		}
	}
}
