package inspect

import (
	"archive/zip"
	"bytes"
	stdflate "compress/flate"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/klauspost/compress/flate"
)

// klauspostInflate is the reference: the bytes klauspost's inflater gives for in, and
// whether it read a whole stream without error.
func klauspostInflate(in []byte) ([]byte, bool) {
	out, err := io.ReadAll(flate.NewReader(bytes.NewReader(in)))
	return out, err == nil
}

// checkInflate inflates in with the deflater into a buffer of the reference's size and
// fails the test when the two disagree: for a stream the reference reads, the deflater
// must give the same bytes; for one it rejects, the deflater must reject it too.
func checkInflate(t *testing.T, d *deflater, name string, in []byte) bool {
	t.Helper()
	want, ok := klauspostInflate(in)
	out := make([]byte, len(want)+8)
	got := d.inflate(in, out, len(want))
	switch {
	case ok && !got:
		t.Errorf("%s: %d bytes in: the deflater rejects a stream klauspost reads (%d bytes)", name, len(in), len(want))
	case !ok && got:
		t.Errorf("%s: %d bytes in: the deflater reads a stream klauspost rejects", name, len(in))
	case ok && !bytes.Equal(out[:len(want)], want):
		t.Errorf("%s: the deflater's %d bytes differ from klauspost's", name, len(want))
	}
	if ok && len(want) > 0 && d.inflate(in, make([]byte, len(want)+7), len(want)-1) {
		t.Errorf("%s: the deflater reads %d bytes into %d", name, len(want), len(want)-1)
	}
	return got
}

// TestDeflaterMatchesKlauspost: every member of the real .eval logs, text compressed by
// both libraries at every level (stored, Huffman only, fixed and dynamic codes), and
// damaged copies of them inflate as klauspost's inflater inflates them, or fail where
// it fails.
func TestDeflaterMatchesKlauspost(t *testing.T) {
	var d deflater
	logs, _ := filepath.Glob(filepath.Join(logsDir, "*.eval"))
	members := 0
	var streams [][]byte
	for _, p := range logs {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range zr.File {
			if f.Method != zip.Deflate {
				continue
			}
			off, err := f.DataOffset()
			if err != nil {
				t.Fatal(err)
			}
			in := data[off : off+int64(f.CompressedSize64)]
			if !checkInflate(t, &d, f.Name, in) {
				t.Errorf("%s: %s: not read", p, f.Name)
			}
			members++
			if len(streams) < 40 {
				streams = append(streams, in)
			}
		}
	}
	if members == 0 {
		t.Fatal("no deflated member")
	}
	rng := rand.New(rand.NewPCG(1, 2))
	sample, _ := os.ReadFile(filepath.Join(logsDir, "..", "..", "decode.go"))
	for _, n := range []int{0, 1, 7, 100, 4000, 40000} {
		text := make([]byte, n)
		for i := range text {
			if i%3 == 0 {
				text[i] = byte(rng.IntN(256))
			} else {
				text[i] = sample[i%len(sample)]
			}
		}
		for level := -2; level <= 9; level++ {
			var b bytes.Buffer
			w, _ := flate.NewWriter(&b, level)
			w.Write(text)
			w.Close()
			streams = append(streams, bytes.Clone(b.Bytes()))
			b.Reset()
			sw, _ := stdflate.NewWriter(&b, level)
			sw.Write(text)
			sw.Close()
			streams = append(streams, bytes.Clone(b.Bytes()))
		}
	}
	for _, in := range streams {
		checkInflate(t, &d, "stream", in)
	}
	// Damage: a byte changed, the stream cut short or lengthened by garbage.
	read, rejected := 0, 0
	for i := range 1500 {
		in := bytes.Clone(streams[rng.IntN(len(streams))])
		if len(in) == 0 {
			continue
		}
		switch i % 3 {
		case 0:
			in[rng.IntN(len(in))] ^= byte(1 + rng.IntN(255))
		case 1:
			in = in[:rng.IntN(len(in))]
		default:
			in[rng.IntN(len(in))] = byte(rng.IntN(256))
			in = append(in, byte(rng.IntN(256)), byte(rng.IntN(256)))
		}
		if checkInflate(t, &d, "damaged", in) {
			read++
		} else {
			rejected++
		}
	}
	if read == 0 || rejected == 0 {
		t.Errorf("damaged streams: %d read, %d rejected", read, rejected)
	}
}

// BenchmarkInflateMember inflates the deduplication log's sample member (80 kB) with
// the deflater and with klauspost's inflater from memory, as the member reader did.
func BenchmarkInflateMember(b *testing.B) {
	data, err := os.ReadFile(logPath(dedup))
	if err != nil {
		b.Fatal(err)
	}
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		b.Fatal(err)
	}
	var in []byte
	size := 0
	for _, f := range zr.File {
		if f.Method == zip.Deflate && len(f.Name) > 8 && f.Name[:8] == "samples/" {
			off, _ := f.DataOffset()
			in, size = data[off:off+int64(f.CompressedSize64)], int(f.UncompressedSize64)
		}
	}
	out := make([]byte, size+8)
	b.Run("deflater", func(b *testing.B) {
		var d deflater
		b.SetBytes(int64(size))
		for b.Loop() {
			if !d.inflate(in, out, size) {
				b.Fatal("not read")
			}
		}
	})
	b.Run("klauspost", func(b *testing.B) {
		var src bytes.Reader
		src.Reset(in)
		fr := flate.NewReader(&src)
		b.SetBytes(int64(size))
		for b.Loop() {
			src.Reset(in)
			fr.(flate.Resetter).Reset(&src, nil)
			if _, err := io.ReadFull(fr, out[:size]); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// FuzzDeflater: on any input the deflater reads what klauspost's inflater reads, and
// rejects what it rejects.
func FuzzDeflater(f *testing.F) {
	for _, level := range []int{-2, 0, 1, 6} {
		var b bytes.Buffer
		w, _ := flate.NewWriter(&b, level)
		w.Write([]byte(`{"id": "a", "events": [{"event": "model"}, {"event": "model"}, {"event": "tool"}]}`))
		w.Close()
		f.Add(b.Bytes())
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		var d deflater
		checkInflate(t, &d, "fuzz", in)
	})
}
