package main

import (
	"os"
	"runtime/metrics"
	"runtime/pprof"
	"testing"
	"time"
)

// peakHeap watches the live heap after each collection while a benchmark runs, because a
// heap profile taken at the end (-memprofile) shows what is left, not what was alive at
// the peak, and peak RSS follows the largest live heap (times the collector's pace).
type peakHeap struct {
	path string // where to write the heap profile at the largest live heap, if set
	stop chan struct{}
	done chan struct{}
	max  uint64
	err  error
}

// watchPeakHeap starts the watch; the profile goes to path unless it is empty.
func watchPeakHeap(path string) *peakHeap {
	p := &peakHeap{path: path, stop: make(chan struct{}), done: make(chan struct{})}
	go p.loop()
	return p
}

func (p *peakHeap) loop() {
	defer close(p.done)
	s := []metrics.Sample{{Name: "/gc/cycles/total:gc-cycles"}, {Name: "/gc/heap/live:bytes"}}
	var cycle uint64
	for {
		select {
		case <-p.stop:
			return
		case <-time.After(10 * time.Millisecond):
		}
		metrics.Read(s)
		if c, live := s[0].Value.Uint64(), s[1].Value.Uint64(); c != cycle {
			cycle = c
			if live > p.max {
				p.max = live
				p.profile()
			}
		}
	}
}

// profile writes the heap profile, which the runtime publishes up to two collections late:
// near the peak, not exactly at it.
func (p *peakHeap) profile() {
	if p.path == "" || p.err != nil {
		return
	}
	f, err := os.Create(p.path)
	if err == nil {
		err = pprof.Lookup("heap").WriteTo(f, 0)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
	}
	p.err = err
}

// finish stops the watch and reports the largest live heap seen after a collection.
func (p *peakHeap) finish(b *testing.B) {
	close(p.stop)
	<-p.done
	if p.err != nil {
		b.Fatal(p.err)
	}
	b.ReportMetric(float64(p.max), "peak-live-B")
}
