package ingest

import (
	"bytes"
	"fmt"
	"io"
	"sync"

	"github.com/sabench/sabench-stats/ingest/jsonv"
)

// Parallel JSONL decoding: one goroutine splits the stream into line-aligned chunks (a
// byte scan, with readLine's line limit and line numbers), the workers decode whole
// chunks, and next hands the episodes out in input order. JSON decoding is most of a
// read's CPU, so it is what runs in parallel; the order, the problems and their lines do
// not depend on the number of workers.

// A chunk is small enough that the episodes decoded ahead (about 2 × workers chunks)
// stay a small part of a streaming score's memory, and large enough to amortize the
// hand-offs. Variables so that tests can cut tiny chunks.
var (
	chunkBytes = 1 << 20
	chunkLines = 512
)

// lineChunk is a run of consecutive lines and, once ready is closed, their episodes.
type lineChunk struct {
	buf   []byte
	lines []chunkLine
	out   []decoded
	ready chan struct{}
}

// chunkLine is one line of a chunk: its bytes buf[off:end] and line number, or the
// problem or error that reading it gave (an error other than a Problem ends the stream).
type chunkLine struct {
	off, end, line int
	err            error
}

type decoded struct {
	ep  *Episode
	err error
}

// startParallel starts the splitter and the workers.
func (r *jsonlReader) startParallel(workers int) {
	r.order = make(chan *lineChunk, workers)
	r.stop = make(chan struct{})
	work := make(chan *lineChunk, workers)
	// Chunk buffers go back to the splitter once decoded (episodes copy what they keep):
	// a fresh megabyte per chunk, zeroed and collected, cost a fifth of a core's time.
	r.free = make(chan []byte, 2*workers+2)
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			dec := jsonv.NewDecoder()
			for c := range work {
				c.out = make([]decoded, len(c.lines))
				for i, l := range c.lines {
					if l.err != nil {
						c.out[i].err = l.err
						continue
					}
					c.out[i].ep, c.out[i].err = decodeEpisodeLine(dec, c.buf[l.off:l.end], r.path, l.line, r.lenient)
				}
				if c.buf != nil {
					select {
					case r.free <- c.buf[:0]:
					default:
					}
					c.buf = nil
				}
				close(c.ready)
			}
		}()
	}
	r.wg.Add(1)
	go func() {
		defer r.wg.Done()
		defer func() { close(work); wg.Wait(); close(r.order) }()
		for {
			c, more := r.split()
			if len(c.lines) > 0 {
				select {
				case work <- c:
				case <-r.stop:
					return
				}
				select {
				case r.order <- c:
				case <-r.stop:
					return
				}
			}
			if !more {
				return
			}
		}
	}()
}

// split reads the next chunk of lines; more is false at the end of the stream.
func (r *jsonlReader) split() (c *lineChunk, more bool) {
	c = &lineChunk{ready: make(chan struct{})}
	for len(c.buf) < chunkBytes && len(c.lines) < chunkLines {
		b, err := r.readLine()
		switch {
		case err == errLineTooLong:
			c.lines = append(c.lines, chunkLine{line: r.line, err: Problem{File: r.path, Line: r.line,
				Msg: fmt.Sprintf("line longer than the limit of %d bytes; the rest of the file is not read", r.max)}})
			return c, false // as the serial reader: an over-long line ends its file
		case err == io.EOF:
			return c, false
		case err != nil:
			c.lines = append(c.lines, chunkLine{line: r.line, err: newFileError(r.path, r.line, err)})
			return c, false
		}
		if r.line == 1 {
			b = bytes.TrimPrefix(b, utf8BOM) // some Windows tools start files with one
		}
		if isBlank(b) {
			continue // blank lines (e.g. a trailing one) carry no episode
		}
		if c.buf == nil {
			select {
			case c.buf = <-r.free:
			default:
				c.buf = make([]byte, 0, max(chunkBytes, len(b)))
			}
		}
		off := len(c.buf)
		c.buf = append(c.buf, b...) // readLine's slice is only valid until the next read
		c.lines = append(c.lines, chunkLine{off: off, end: len(c.buf), line: r.line})
	}
	return c, true
}

// nextParallel returns the next decoded episode in input order.
func (r *jsonlReader) nextParallel() (*Episode, error) {
	for r.cur == nil || r.pos == len(r.cur.out) {
		c, ok := <-r.order
		if !ok {
			return nil, io.EOF
		}
		<-c.ready
		r.cur, r.pos = c, 0
	}
	d := r.cur.out[r.pos]
	r.cur.out[r.pos] = decoded{} // the caller owns the episode now
	r.pos++
	return d.ep, d.err
}

// stopParallel ends the splitter and the workers (on close, possibly mid-stream).
func (r *jsonlReader) stopParallel() {
	if r.stop == nil {
		return
	}
	close(r.stop)
	for c := range r.order { // let the splitter finish its send and exit
		<-c.ready
	}
	r.wg.Wait()
	r.stop = nil
}
