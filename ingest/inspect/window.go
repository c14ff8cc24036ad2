package inspect

import (
	"io"
	"sync"
)

// windowReader reads an archive through a window of it kept in memory: a sample member
// costs two reads of the file (its local header, for the data offset, then its data),
// and a read is a system call that costs more than inflating a kilobyte. A read outside
// the window moves it: when the read follows the window (members read in the order
// they were written) the new window is large, and holds the next members too; when it
// jumps (Inspect writes samples in the order they finished, and they are read by id)
// it is small, and holds one member's header with its data. What a read returns is what
// the file holds, as from the file itself. Safe for concurrent use (the workers of one
// log share it).
type windowReader struct {
	r    io.ReaderAt
	mu   sync.Mutex
	off  int64  // the window's offset in the file
	buf  []byte // the window
	data []byte // its buffer, of capacity windowLarge
}

// The window's sizes: after a jump, a member's local header and a few kilobytes of its
// data; while reading in order, many members.
const (
	windowSmall = 8 << 10
	windowLarge = 256 << 10
)

func newWindowReader(r io.ReaderAt) *windowReader { return &windowReader{r: r} }

func (w *windowReader) ReadAt(p []byte, off int64) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	end := w.off + int64(len(w.buf))
	if off >= w.off && off+int64(len(p)) <= end {
		return copy(p, w.buf[off-w.off:]), nil
	}
	if len(p) > windowLarge/2 {
		return w.r.ReadAt(p, off)
	}
	size := windowSmall
	if off >= w.off && off <= end+windowSmall && len(w.buf) > 0 {
		size = windowLarge // in order: the next members come next
	}
	size = max(size, len(p))
	if w.data == nil {
		w.data = make([]byte, windowLarge)
	}
	n, err := w.r.ReadAt(w.data[:size], off)
	w.off, w.buf = off, w.data[:n]
	if n < len(p) {
		return copy(p, w.buf), err
	}
	return copy(p, w.buf), nil
}
