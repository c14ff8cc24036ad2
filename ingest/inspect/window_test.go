package inspect

import (
	"bytes"
	"errors"
	"io"
	"math/rand/v2"
	"os"
	"testing"
)

// TestWindowReader reads a real log through the window at offsets in order, jumping
// back and forth, and across its end: every read returns what the file holds, with
// the error the file gives.
func TestWindowReader(t *testing.T) {
	data, err := os.ReadFile(logPath(dedup))
	if err != nil {
		t.Fatal(err)
	}
	file := bytes.NewReader(data)
	w := newWindowReader(file)
	rng := rand.New(rand.NewPCG(1, 2))
	off := int64(0)
	for i := range 3000 {
		var n int
		switch i % 3 {
		case 0: // in order
			n = 30 + rng.IntN(4000)
		case 1: // a jump
			off = rng.Int64N(int64(len(data)) + 100)
			n = 30
		default: // anything, up to past the window
			off = rng.Int64N(int64(len(data)))
			n = rng.IntN(3 * windowLarge / 4)
		}
		want, got := make([]byte, n), make([]byte, n)
		wn, werr := file.ReadAt(want, off)
		gn, gerr := w.ReadAt(got, off)
		if gn != wn || !bytes.Equal(got[:gn], want[:wn]) || !errors.Is(gerr, werr) {
			t.Fatalf("read %d: %d bytes at %d: got %d (%v), the file gives %d (%v)", i, n, off, gn, gerr, wn, werr)
		}
		off += int64(n)
	}
	if _, err := w.ReadAt(make([]byte, 1), int64(len(data))); err != io.EOF {
		t.Errorf("a read at the end: %v, want EOF", err)
	}
}

// countingReader counts the reads of the file.
type countingReader struct {
	r     io.ReaderAt
	reads int
}

func (c *countingReader) ReadAt(p []byte, off int64) (int, error) {
	c.reads++
	return c.r.ReadAt(p, off)
}

// TestWindowReaderTurns reads a file as an .eval log written epoch after epoch is read
// by id and epoch: members of 3 kB taking turns between as many places as epochs (3, as
// the release at scale 1; 30, as at scale 10), each read in order. Each place keeps its
// window, so the file is read in large pieces, once over.
func TestWindowReaderTurns(t *testing.T) {
	const member, size = 3 << 10, 9 << 20 // bytes per member, per file
	for _, epochs := range []int{3, 30} {
		per := size / member / epochs // members per epoch
		data := make([]byte, epochs*per*member)
		for i := range data {
			data[i] = byte(i * 7)
		}
		file := &countingReader{r: bytes.NewReader(data)}
		w := newWindowReader(file)
		got := make([]byte, member)
		for i := range per {
			for ep := range epochs {
				off := int64((ep*per + i) * member)
				if n, err := w.ReadAt(got, off); n != member || err != nil || !bytes.Equal(got, data[off:off+member]) {
					t.Fatalf("%d epochs: member %d of epoch %d: %d bytes, %v", epochs, i, ep+1, n, err)
				}
			}
		}
		// 9 MB in large windows, and the first small read of each place.
		if max := len(data)/windowLarge + 2*epochs; file.reads > max {
			t.Errorf("%d epochs: %d reads of the file, want at most %d", epochs, file.reads, max)
		}
	}
}
