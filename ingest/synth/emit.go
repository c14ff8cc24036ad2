package synth

import (
	"errors"
	"runtime"
	"sync"

	"github.com/sabench/sabench-stats/ingest"
)

// batchSize is the number of jobs a worker takes at a time: enough to make the hand-offs
// rare, few enough that a large scale keeps only a few batches in memory.
const batchSize = 256

// batch is a run of consecutive jobs and, once done is closed, their episodes.
type batch struct {
	jobs []job
	eps  []*ingest.Episode
	ins  []Intended
	err  error // the error of the episode after the last one in eps
	done chan struct{}
}

// errStopped ends the walk once the receiver has stopped.
var errStopped = errors.New("synth: stream stopped")

// emitAll writes every episode of the release and hands them to emit in release order, on
// the calling goroutine. The walk that decides the jobs is serial, but each episode draws
// from its own stream (episode), so GOMAXPROCS workers write the batches side by side
// and the result is the same as writing them one after another.
func (g *gen) emitAll(scale int, emit emitFn) error {
	workers := runtime.GOMAXPROCS(0)
	todo := make(chan *batch, workers)
	inOrder := make(chan *batch, 2*workers) // bounds the batches in flight
	stop := make(chan struct{})
	var wg sync.WaitGroup
	var planErr error
	wg.Add(1)
	go func() {
		defer wg.Done()
		defer close(todo)
		defer close(inOrder)
		b := &batch{done: make(chan struct{})}
		send := func() error {
			select {
			case inOrder <- b:
			case <-stop:
				return errStopped
			}
			todo <- b // never blocks for long: the workers drain todo until it closes
			b = &batch{done: make(chan struct{})}
			return nil
		}
		planErr = g.plan(scale, func(j job) error {
			b.jobs = append(b.jobs, j)
			if len(b.jobs) < batchSize {
				return nil
			}
			return send()
		})
		if planErr == nil && len(b.jobs) > 0 {
			planErr = send()
		}
	}()
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for b := range todo {
				select {
				case <-stop:
				default:
					b.write(g)
				}
				close(b.done)
			}
		}()
	}
	// Deferred, so that the workers also stop when emit panics or exits its goroutine.
	defer wg.Wait()
	defer close(stop)
	for b := range inOrder {
		<-b.done
		for i, ep := range b.eps {
			if err := emit(ep, b.ins[i]); err != nil {
				return err
			}
		}
		if b.err != nil {
			return b.err
		}
	}
	return planErr // inOrder is closed after planErr is set
}

// write writes the batch's episodes, up to the first that fails.
func (b *batch) write(g *gen) {
	b.eps = make([]*ingest.Episode, 0, len(b.jobs))
	b.ins = make([]Intended, 0, len(b.jobs))
	for _, j := range b.jobs {
		ep, in, err := g.episode(j)
		if err != nil {
			b.err = err
			return
		}
		b.eps = append(b.eps, ep)
		b.ins = append(b.ins, in)
	}
}
