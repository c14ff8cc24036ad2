package ingest

import (
	"io"
	"sync"

	"github.com/sabench/sabench-stats/ingest/jsonv"
)

// Parallel JSONL decoding: one goroutine reads the stream in large blocks and cuts them
// into chunks of whole lines (jsonl_split.go), the workers decode the chunks in place,
// and next hands the episodes out in input order. JSON decoding is most of a read's CPU,
// so it is what runs in parallel; the order, the problems and their lines do not depend
// on the number of workers.

// A chunk is small enough that the episodes decoded ahead (about 2 × workers chunks)
// stay a small part of a streaming score's memory, and large enough to amortize the
// hand-offs. Variables so that tests can cut tiny chunks.
var (
	chunkBytes = 1 << 20
	chunkLines = 512
)

// lineChunk is a run of consecutive lines of one block and, once ready is closed, their
// episodes.
type lineChunk struct {
	blk   *block
	lines []chunkLine
	out   []decoded
	ready chan struct{}
}

// chunkLine is one line of a chunk: its bytes blk.buf[off:end] and line number, or the
// problem or error that reading it gave (an error other than a Problem ends the stream).
type chunkLine struct {
	off, end, line int
	err            error
	unended        bool // no newline after it: the file ends in it
}

type decoded struct {
	ep  *Episode
	err error
}

// startParallel starts the splitter, reading src, and the workers.
func (r *jsonlReader) startParallel(workers int, src io.Reader) {
	r.order = make(chan *lineChunk, workers)
	r.stop = make(chan struct{})
	work := make(chan *lineChunk, workers)
	r.sp = splitter{src: src, blk: newBlock(chunkBytes)}
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			dec := jsonv.NewDecoder()
			dec.Lossless = r.strict
			for c := range work {
				c.out = make([]decoded, len(c.lines))
				for i, l := range c.lines {
					if l.err != nil {
						c.out[i].err = l.err
						continue
					}
					c.out[i].ep, c.out[i].err = decodeEpisodeLine(dec, c.blk.buf[l.off:l.end], r.path, l.line, r.lenient)
					if c.out[i].err != nil && l.unended {
						c.out[i].err = endsMidLine(c.out[i].err)
					}
				}
				if c.blk != nil {
					release(c.blk)
					c.blk = nil
				}
				close(c.ready)
			}
		}()
	}
	r.wg.Add(1)
	go func() {
		defer r.wg.Done()
		defer func() { release(r.sp.blk); close(work); wg.Wait(); close(r.order) }()
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
	// The serial reader records no file hash after a fatal error (it stops reading);
	// the splitter may have read to the end by then, and a hash is not to depend on how far.
	if d.err != nil && AsProblems(d.err) == nil {
		r.failed = true
	}
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
