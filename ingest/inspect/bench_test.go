package inspect

import (
	"archive/zip"
	"bytes"
	"fmt"
	"io"
	"strings"
	"testing"
)

// benchEval builds an .eval of n samples, each a copy of the deduplication log's sample
// (80 kB, 42 events, 5 tool calls) under its own id.
func benchEval(b *testing.B, n int) []byte {
	b.Helper()
	var member []byte
	zr, err := zip.OpenReader(logPath(dedup))
	if err != nil {
		b.Fatal(err)
	}
	defer zr.Close()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, f := range zr.File {
		rc, _ := f.Open()
		data, _ := io.ReadAll(rc)
		rc.Close()
		if strings.HasPrefix(f.Name, "samples/") {
			member = data
			continue
		}
		w, _ := zw.Create(f.Name)
		w.Write(data)
	}
	for i := range n {
		w, err := zw.Create(fmt.Sprintf("samples/%d_epoch_1.json", i))
		if err != nil {
			b.Fatal(err)
		}
		w.Write(bytes.Replace(member, []byte(`"id": "0"`), []byte(fmt.Sprintf(`"id": "%d"`, i)), 1))
	}
	if err := zw.Close(); err != nil {
		b.Fatal(err)
	}
	return buf.Bytes()
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
