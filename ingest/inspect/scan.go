package inspect

import (
	"context"
	"io"
	"runtime"
	"sync"
)

// Handler receives the logs Scan reads, in file order: Log once per log before its
// samples, Sample for each sample (with the same *Log as Log got), Done after the last
// one with the log's final state (another *Log: its sample count and, for a .json log,
// the reductions written after the samples). A nil function is skipped; an error stops
// the scan and is returned.
type Handler struct {
	Log    func(*Log) error
	Sample func(*Log, *Sample) error
	Done   func(*Log) error
}

// Options tune Scan.
type Options struct {
	// Workers is how many logs are read at once; 0 means GOMAXPROCS. The output order
	// does not depend on it.
	Workers int
	// Buffer is how many samples a worker may read ahead of the handler; 0 means 16.
	// Memory is bounded by about Workers × Buffer samples.
	Buffer int
}

type scanItem struct {
	log    *Log
	sample *Sample
	done   bool
	err    error
}

// Scan reads files in parallel and hands them to h in the order of files.
func Scan(ctx context.Context, files []string, opt Options, h Handler) error {
	workers := opt.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	buf := opt.Buffer
	if buf <= 0 {
		buf = 16
	}
	// Workers left over when there are fewer logs than workers decode inside each log.
	perLog := 1
	if n := len(files); n > 0 && n < workers {
		perLog = workers / n
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	chans := make([]chan scanItem, len(files))
	for i := range chans {
		chans[i] = make(chan scanItem, buf)
	}
	// Workers start in file order, so the log the handler waits on always has one: no
	// deadlock however far the others read ahead.
	sem := make(chan struct{}, workers)
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for i, f := range files {
			select {
			case sem <- struct{}{}:
			case <-ctx.Done():
				return
			}
			wg.Add(1)
			go func() {
				defer wg.Done()
				defer func() { <-sem }()
				readOne(ctx, f, perLog, chans[i])
			}()
		}
	}()
	err := deliver(ctx, chans, h)
	cancel()
	wg.Wait()
	return err
}

func deliver(ctx context.Context, chans []chan scanItem, h Handler) error {
	for _, ch := range chans {
		for {
			var it scanItem
			select {
			case it = <-ch:
			case <-ctx.Done():
				return ctx.Err()
			}
			// select picks at random among ready cases: an item read ahead is not
			// handed over once the caller has cancelled.
			if err := ctx.Err(); err != nil {
				return err
			}
			if it.err != nil {
				return it.err
			}
			var err error
			switch {
			case it.done:
				if h.Done != nil {
					err = h.Done(it.log)
				}
			case it.sample == nil:
				if h.Log != nil {
					err = h.Log(it.log)
				}
			default:
				if h.Sample != nil {
					err = h.Sample(it.log, it.sample)
				}
			}
			if err != nil {
				return err
			}
			if it.done {
				break
			}
		}
	}
	return nil
}

// readOne streams one log into ch: the log, its samples, then done (or an error).
func readOne(ctx context.Context, file string, workers int, ch chan<- scanItem) {
	send := func(it scanItem) bool {
		select {
		case ch <- it:
			return true
		case <-ctx.Done():
			return false
		}
	}
	r, err := OpenWith(file, ReadOptions{Workers: workers})
	if err != nil {
		send(scanItem{err: err})
		return
	}
	defer r.Close()
	log := r.Log()
	// The handler sees a copy of the header at Log time; the final one at Done.
	first := *log
	if !send(scanItem{log: &first}) {
		return
	}
	for {
		s, err := r.Next()
		if err == io.EOF {
			send(scanItem{log: log, done: true})
			return
		}
		if err != nil {
			send(scanItem{err: err})
			return
		}
		if !send(scanItem{log: &first, sample: s}) {
			return
		}
	}
}
