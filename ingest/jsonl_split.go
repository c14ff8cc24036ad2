package ingest

import (
	"bytes"
	"io"
	"sync"
	"sync/atomic"
)

// splitter is the parallel reader's view of the decompressed stream. It reads large
// blocks straight into buffers that the workers then decode in place, and finds the lines
// with a byte scan: the bytes are copied once and there is no read call per line
// (reading lines through bufio and copying them into chunks cost 10% more CPU per byte).
type splitter struct {
	src io.Reader
	blk *block
	n   int   // blk.buf[:n] has been read
	pos int   // blk.buf[pos:n] is not yet cut into lines
	err error // what ended reading: io.EOF or a read error
}

// block is a buffer of the stream shared by the chunks cut from it; whoever drops the
// last reference (the splitter moving on, or the worker done with a chunk) frees it.
type block struct {
	buf  []byte
	refs atomic.Int32
}

// split cuts the next chunk of lines; more is false once the stream ends, at its end or
// at the over-long line or read error that ends it (as for the serial reader).
func (r *jsonlReader) split() (c *lineChunk, more bool) {
	s := &r.sp
	c = &lineChunk{ready: make(chan struct{})}
	for {
		for len(c.lines) < chunkLines {
			i := bytes.IndexByte(s.blk.buf[s.pos:s.n], '\n')
			if i < 0 {
				break
			}
			if !r.cut(c, i+1) {
				return c, false
			}
		}
		switch {
		case len(c.lines) == chunkLines || len(c.lines) > 0 && s.err == nil:
			return c, true // reading on may move to a new block, and a chunk has one
		case s.err == io.EOF && s.pos < s.n:
			r.eof = r.cut(c, s.n-s.pos) // a last line without a newline
			return c, false
		case s.err == io.EOF:
			r.eof = true
			return c, false
		case s.err != nil:
			r.line++
			c.lines = append(c.lines, chunkLine{line: r.line, err: newFileError(r.path, r.line, s.err)})
			return c, false
		case s.n-s.pos > r.max:
			// No newline yet and already over the limit: stop rather than read on to a
			// newline that may never come (/dev/zero, a sparse file).
			r.line++
			c.lines = append(c.lines, chunkLine{line: r.line, err: r.tooLong()})
			return c, false
		}
		r.read()
	}
}

// cut takes the next n bytes, a line with its newline if it has one, into c as readLine
// and next would take it; false if the line is over the limit, which ends the file.
func (r *jsonlReader) cut(c *lineChunk, n int) bool {
	s := &r.sp
	r.line++
	off, b := s.pos, s.blk.buf[s.pos:s.pos+n]
	s.pos += n
	if len(b) > r.max+1 || len(b) == r.max+1 && b[n-1] != '\n' {
		c.lines = append(c.lines, chunkLine{line: r.line, err: r.tooLong()})
		return false
	}
	b = trimEOL(b)
	if r.line == 1 && bytes.HasPrefix(b, utf8BOM) { // some Windows tools start files with one
		b, off = b[len(utf8BOM):], off+len(utf8BOM)
	}
	if isBlank(b) {
		return true // blank lines (e.g. a trailing one) carry no episode
	}
	if c.blk == nil {
		c.blk = s.blk
		s.blk.refs.Add(1)
	}
	c.lines = append(c.lines, chunkLine{off: off, end: off + len(b), line: r.line, unended: s.blk.buf[s.pos-1] != '\n'})
	return true
}

// read fills the block until it is full or reading ends. A full block's unfinished last
// line moves to the start of a new block first: of chunkBytes, or larger when that line
// fills a whole block (it is then within the limit, and the block at most the limit).
func (r *jsonlReader) read() {
	s := &r.sp
	if s.n == len(s.blk.buf) {
		tail := s.n - s.pos
		size := chunkBytes
		if tail >= chunkBytes {
			size = min(2*tail, r.max+1)
		}
		blk := newBlock(size)
		copy(blk.buf, s.blk.buf[s.pos:s.n])
		release(s.blk)
		s.blk, s.pos, s.n = blk, 0, tail
	}
	for s.n < len(s.blk.buf) && s.err == nil {
		var k int
		k, s.err = s.src.Read(s.blk.buf[s.n:])
		s.n += k
	}
}

// freeBlocks holds the freed blocks of chunkBytes of every reader, so that opening a
// file costs no fresh megabytes (zeroed, faulted in, then collected).
var freeBlocks sync.Pool

// newBlock returns a block of size bytes referenced by the splitter, reusing a freed
// one when it can.
func newBlock(size int) *block {
	var b *block
	if size == chunkBytes {
		b, _ = freeBlocks.Get().(*block)
	}
	if b == nil || len(b.buf) != size { // chunkBytes changed (by a test)
		b = &block{buf: make([]byte, size)}
	}
	b.refs.Store(1)
	return b
}

// release drops a reference to b, freeing it for reuse with the last one (larger
// blocks, for long lines, go to the collector).
func release(b *block) {
	if b.refs.Add(-1) == 0 && len(b.buf) == chunkBytes {
		freeBlocks.Put(b)
	}
}
