package view

import (
	"io"
	"os"
)

// spoolBudget (4 MiB) is how many bytes of encoded text a spool holds in memory, over all its
// streams, before it writes them to its file: the viewer's text grows with the episodes
// (the index's run ids and verdict ints, each case's episode rows), and memory must not.
// A variable so that tests can make every stream spill.
var spoolBudget = 4 << 20

// spool holds append-only streams of bytes (the page index's run ids, its ints, each
// case's episode rows), in memory up to spoolBudget and beyond it in one temporary file,
// written in segments. A release that fits the budget never creates the file.
type spool struct {
	f       *os.File
	name    string // the file's name while it still has one (see create)
	off     int64
	held    int
	budget  int
	streams []*stream
	err     error // the first write error: later writes are dropped and it is reported
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
		s.buf = s.buf[:0]
	}
}

// create opens the spool's file in the temporary directory and removes its name at once
// where the system allows it, so that nothing is left behind whatever happens; elsewhere
// close removes it.
func (sp *spool) create() error {
	f, err := os.CreateTemp("", "sabench-view-spool-*")
	if err != nil {
		return err
	}
	sp.f, sp.name = f, f.Name()
	if os.Remove(sp.name) == nil {
		sp.name = ""
	}
	return nil
}

// writeTo copies the stream to w.
func (s *stream) writeTo(w io.Writer) error {
	if s.sp.err != nil {
		return s.sp.err
	}
	for _, g := range s.segs {
		if _, err := io.Copy(w, io.NewSectionReader(s.sp.f, g.off, g.n)); err != nil {
			return err
		}
	}
	_, err := w.Write(s.buf)
	return err
}

// free drops the stream's memory once it has been read for the last time.
func (s *stream) free() { s.buf, s.segs = nil, nil }

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
