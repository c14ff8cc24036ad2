package view

import (
	"fmt"
	"io"
	"os"
	"slices"
)

// spoolBudget (4 MiB) is how many bytes of encoded text a spool holds in memory, over all its
// streams, before it writes them to its file: the viewer's text grows with the episodes
// (the index's run ids and verdict ints, the run ids' hashes, each case's episode rows),
// and memory must not.
// A variable so that tests can make every stream spill.
var spoolBudget = 4 << 20

// spool holds append-only streams of bytes (the page index's run ids, its ints, each
// case's episode rows and blocks), in memory up to spoolBudget and beyond it in one temporary file,
// written in segments. A release that fits the budget never creates the file.
type spool struct {
	f       *os.File
	name    string // the file's name while it still has one (see create)
	off     int64
	held    int
	budget  int
	streams []*stream
	err     error // the first write error: later writes are dropped and it is reported
	copyBuf []byte
}

// stream is one spooled sequence of bytes: segments of the spool's file, then buf.
type stream struct {
	sp   *spool
	segs []segment
	buf  []byte
	size int64
}

type segment struct{ off, n int64 }

func newSpool() *spool { return &spool{budget: spoolBudget} }

// stream adds an empty stream.
func (sp *spool) stream() *stream {
	s := &stream{sp: sp}
	sp.streams = append(sp.streams, s)
	return s
}

// write appends b to the stream.
func (s *stream) write(b []byte) {
	s.buf = append(s.buf, b...)
	s.size += int64(len(b))
	s.sp.held += len(b)
	if s.sp.held > s.sp.budget {
		s.sp.spill()
	}
}

// spill writes every stream's buffer to the file as one segment each.
func (sp *spool) spill() {
	sp.held = 0
	if sp.err != nil {
		return
	}
	if sp.f == nil {
		if sp.err = sp.create(); sp.err != nil {
			return
		}
	}
	for _, s := range sp.streams {
		if len(s.buf) == 0 {
			continue
		}
		if _, err := sp.f.WriteAt(s.buf, sp.off); err != nil {
			sp.err = err
			return
		}
		s.segs = append(s.segs, segment{sp.off, int64(len(s.buf))})
		sp.off += int64(len(s.buf))
		// Dropped, not kept for reuse: a stream keeps the most it ever held between two
		// spills, and over thousands of streams those maxima add up to twice the budget
		// and more, growing with the spills.
		s.buf = nil
	}
}

// create opens the spool's file in the temporary directory and removes its name at once
// where the system allows it, so that nothing is left behind whatever happens; elsewhere
// close removes it.
func (sp *spool) create() error {
	f, err := os.CreateTemp("", "sabench-view-spool-*")
	if err != nil {
		// Said as the setting to change: "open /nonexistent/sabench-view-spool-1: no such
		// file or directory" came after the scoring, naming neither TMPDIR nor the spool.
		return fmt.Errorf("the viewer's temporary spool file cannot be made in %s (TMPDIR; set it to a writable directory): %w", os.TempDir(), err)
	}
	sp.f, sp.name = f, f.Name()
	if os.Remove(sp.name) == nil {
		sp.name = ""
	}
	return nil
}

// writeTo copies the stream to w: into a bytesWriter's slice directly, else through
// the spool's one buffer (io.Copy would allocate one per segment).
func (s *stream) writeTo(w io.Writer) error {
	sp := s.sp
	if sp.err != nil {
		return sp.err
	}
	if b, ok := w.(*bytesWriter); ok {
		for _, g := range s.segs {
			n := len(*b)
			*b = slices.Grow(*b, int(g.n))[:n+int(g.n)]
			if _, err := sp.f.ReadAt((*b)[n:], g.off); err != nil {
				return err
			}
		}
		*b = append(*b, s.buf...)
		return nil
	}
	for _, g := range s.segs {
		for off, end := g.off, g.off+g.n; off < end; {
			if sp.copyBuf == nil {
				sp.copyBuf = make([]byte, 64<<10)
			}
			p := sp.copyBuf[:min(int64(len(sp.copyBuf)), end-off)]
			if _, err := sp.f.ReadAt(p, off); err != nil {
				return err
			}
			if _, err := w.Write(p); err != nil {
				return err
			}
			off += int64(len(p))
		}
	}
	_, err := w.Write(s.buf)
	return err
}

// free drops the stream's memory once it has been read for the last time, and gives its
// bytes back to the budget: the held count is what the buffers hold, so that streams freed
// (the run hashes after checkRuns, each case once written) do not bring on a spill of the
// others.
func (s *stream) free() {
	s.sp.held -= len(s.buf)
	s.buf, s.segs = nil, nil
}

// bytes is the whole stream (for tests and small streams).
func (s *stream) bytes() ([]byte, error) {
	var b bytesWriter
	err := s.writeTo(&b)
	return b, err
}

type bytesWriter []byte

func (b *bytesWriter) Write(p []byte) (int, error) {
	*b = append(*b, p...)
	return len(p), nil
}

// close releases the file; the streams are not read after it.
func (sp *spool) close() {
	if sp.f != nil {
		sp.f.Close()
		if sp.name != "" {
			os.Remove(sp.name)
		}
		sp.f = nil
	}
	for _, s := range sp.streams {
		s.free()
	}
}
