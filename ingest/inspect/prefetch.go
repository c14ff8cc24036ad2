package inspect

import (
	"archive/zip"
	"sync"
)

// prefetch decodes an .eval log's sample members ahead of Next on several goroutines
// and hands them over in member order: a large log is read as fast as the cores allow,
// and at most window decoded samples wait at any time, so memory stays bounded by a few
// samples.
type prefetch struct {
	slots  []chan memberResult // one per member, buffered: a worker never waits on it
	window chan struct{}       // a token per member dispatched and not yet taken
	stop   chan struct{}
	wg     sync.WaitGroup
	next   int
}

type memberResult struct {
	s   *Sample
	err error
}

// proto is the member reader each worker copies (the archive, the options).
func startPrefetch(file string, proto memberReader, files []*zip.File, workers int) *prefetch {
	p := &prefetch{slots: make([]chan memberResult, len(files)), window: make(chan struct{}, 2*workers), stop: make(chan struct{})}
	for i := range p.slots {
		p.slots[i] = make(chan memberResult, 1)
	}
	jobs := make(chan int)
	p.wg.Add(1)
	go func() { // the feeder: members in order, no more than the window ahead
		defer p.wg.Done()
		defer close(jobs)
		for i := range files {
			select {
			case p.window <- struct{}{}:
			case <-p.stop:
				return
			}
			select {
			case jobs <- i:
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
			for i := range jobs {
				s, err := decodeMember(file, files[i], &mr)
				p.slots[i] <- memberResult{s, err}
			}
		}()
	}
	return p
}

// take returns the next member's sample (or its error).
func (p *prefetch) take() (*Sample, error) {
	r := <-p.slots[p.next]
	p.next++
	<-p.window
	return r.s, r.err
}

// close stops the feeder and waits for the workers to finish the members they hold.
func (p *prefetch) close() {
	close(p.stop)
	p.wg.Wait()
}
