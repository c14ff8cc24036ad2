package inspect

import (
	"archive/zip"
	"sync"
)

// prefetch decodes an .eval log's sample members ahead of Next on several goroutines
// and hands them over in member order: a large log is read as fast as the cores allow.
// A worker decodes a batch of prefetchBatch members in a row and hands it over whole:
// handing over each member (a channel send, a wake-up of the reader, another of the
// worker) cost about 4.5 µs of CPU per sample, a seventh of reading it. At most two
// batches per worker wait at any time, so memory stays bounded by a few dozen samples.
type prefetch struct {
	slots  []chan []memberResult // one per batch, buffered: a worker never waits on it
	window chan struct{}         // a token per batch dispatched and not yet taken
	stop   chan struct{}
	wg     sync.WaitGroup
	next   int            // the next batch to take
	cur    []memberResult // what is left of the batch being taken
	left   int            // the members not yet taken
}

// prefetchBatch is the number of members a worker decodes and hands over at once.
const prefetchBatch = 16

type memberResult struct {
	s   *Sample
	err error
}

// proto is the member reader each worker copies (the archive, the options).
func startPrefetch(file string, proto memberReader, files []*zip.File, workers int) *prefetch {
	batches := (len(files) + prefetchBatch - 1) / prefetchBatch
	p := &prefetch{slots: make([]chan []memberResult, batches), window: make(chan struct{}, 2*workers), stop: make(chan struct{}), left: len(files)}
	for i := range p.slots {
		p.slots[i] = make(chan []memberResult, 1)
	}
	jobs := make(chan int)
	p.wg.Add(1)
	go func() { // the feeder: batches in order, no more than the window ahead
		defer p.wg.Done()
		defer close(jobs)
		for b := range batches {
			select {
			case p.window <- struct{}{}:
			case <-p.stop:
				return
			}
			select {
			case jobs <- b:
			case <-p.stop:
				return
			}
		}
	}()
	for range workers {
		p.wg.Add(1)
		go func() {
			defer p.wg.Done()
			mr := memberReader{r: proto.r, light: proto.light, skipTools: proto.skipTools, recycle: proto.recycle} // this worker's buffers
			defer mr.release()
			for b := range jobs {
				lo := b * prefetchBatch
				res := make([]memberResult, min(prefetchBatch, len(files)-lo))
				for i := range res {
					s, err := decodeMember(file, files[lo+i], &mr)
					res[i] = memberResult{s, err}
				}
				p.slots[b] <- res
			}
		}()
	}
	return p
}

// more reports whether members are left to take.
func (p *prefetch) more() bool { return p.left > 0 }

// take returns the next member's sample (or its error).
func (p *prefetch) take() (*Sample, error) {
	if len(p.cur) == 0 {
		p.cur = <-p.slots[p.next]
		p.slots[p.next] = nil
		p.next++
		<-p.window
	}
	r := p.cur[0]
	p.cur[0] = memberResult{}
	p.cur = p.cur[1:]
	p.left--
	return r.s, r.err
}

// close stops the feeder and waits for the workers to finish the batches they hold.
func (p *prefetch) close() {
	close(p.stop)
	p.wg.Wait()
}
