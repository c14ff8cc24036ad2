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
