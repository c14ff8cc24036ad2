package inspect

import (
	"io"
	"sync"
)

// windowReader reads an archive through windows of it kept in memory: a sample member
// costs two reads of the file (its local header, for the data offset, then its data),
// and a read is a system call that costs more than inflating a kilobyte. A read outside
// every window moves one: when the read follows a window (members read in the order
// they were written) that window moves on, large, and holds the next members too; when
// it jumps, the window used least recently moves there, small, holding one member's
// header with its data. Several windows, because samples are read by id and epoch while
// a log may hold them epoch after epoch (the built-in release's logs do): the reads
// then take turns between a few places of the file, each in order. What a read returns
// is what the file holds, as from the file itself. Safe for concurrent use (the workers
// of one log share it).
type windowReader struct {
	r    io.ReaderAt
	mu   sync.Mutex
	wins [windows]window
	tick uint64 // counts the reads, for the windows' last use
}

// window is one part of the file held in memory.
type window struct {
	off  int64  // its offset in the file
	buf  []byte // the bytes it holds
	data []byte // its buffer: windowSmall, then windowLarge once it follows reads in order
	used uint64 // the read that last used it
}

// The windows' number and sizes: after a jump, a member's local header and a few
// kilobytes of its data; while reading in order, many members. At most windows ×
// windowLarge bytes per log, whatever its size. Many windows, each of a few dozen
// members, rather than a few larger ones: a log written epoch after epoch is read at as
// many places as it has epochs (30 in the release at scale 10), and with fewer windows
// than places every read jumps (a system call per member); a read of 64 kB costs little
// more per byte than one of 256 kB.
const (
	windows     = 32
	windowSmall = 8 << 10
	windowLarge = 64 << 10
)

func newWindowReader(r io.ReaderAt) *windowReader { return &windowReader{r: r} }

func (w *windowReader) ReadAt(p []byte, off int64) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.tick++
	var follows, lru *window // the window the read follows; the one used least recently
	for i := range w.wins {
		win := &w.wins[i]
		end := win.off + int64(len(win.buf))
		if off >= win.off && off+int64(len(p)) <= end {
			win.used = w.tick
			return copy(p, win.buf[off-win.off:]), nil
		}
		if follows == nil && len(win.buf) > 0 && off >= win.off && off <= end+windowSmall {
			follows = win
		}
		if lru == nil || win.used < lru.used {
			lru = win
		}
	}
	if len(p) > windowLarge/2 {
		return w.r.ReadAt(p, off)
	}
	win, size := lru, windowSmall
	if follows != nil {
		win, size = follows, windowLarge // in order: the next members come next
	}
	size = max(size, len(p))
	if cap(win.data) < size {
		win.data = newWindowBuffer(size)
	}
	n, err := w.r.ReadAt(win.data[:size], off)
	win.off, win.buf, win.used = off, win.data[:n], w.tick
	if n < len(p) {
		return copy(p, win.buf), err
	}
	return copy(p, win.buf), nil
}

// windowBuffers keeps the large windows of the logs closed, for the next ones: each log
// would otherwise allocate (and zero) its own, a few per log.
var windowBuffers sync.Pool

func newWindowBuffer(size int) []byte {
	if size == windowLarge {
		if b, ok := windowBuffers.Get().(*[]byte); ok {
			return *b
		}
	}
	return make([]byte, size)
}

// release hands the large windows to the next log; w is not read again.
func (w *windowReader) release() {
	w.mu.Lock()
	defer w.mu.Unlock()
	for i := range w.wins {
		if b := w.wins[i].data; cap(b) == windowLarge {
			b = b[:windowLarge]
			windowBuffers.Put(&b)
		}
		w.wins[i] = window{}
	}
}
