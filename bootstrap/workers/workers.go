// Package workers runs independent tasks side by side on a few goroutines, with a result
// that does not depend on how many: the one worker pool of the tables, the figures and the
// report job.
package workers

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// Each calls f(i) for every i in [0, n) on up to w goroutines (w ≤ 0: GOMAXPROCS; one
// worker calls them in order on the calling goroutine) and returns once every call begun
// has returned. Indices are handed out in increasing order and no call begins after one
// has failed, so every index below a failing one has run, and the error returned, that of
// the lowest failing index, is the one a loop from 0 would return, whatever w is. f writes
// its result to its own slot (f(i) to out[i]) for the output not to depend on w either.
func Each(n, w int, f func(i int) error) error {
	if w <= 0 {
		w = runtime.GOMAXPROCS(0)
	}
	if w = min(w, n); w <= 1 {
		for i := range n {
			if err := f(i); err != nil {
				return err
			}
		}
		return nil
	}
	errs := make([]error, n)
	var next atomic.Int64
	var failed atomic.Bool
	var wg sync.WaitGroup
	for range w {
		wg.Go(func() {
			for !failed.Load() {
				i := int(next.Add(1) - 1)
				if i >= n {
					return
				}
				if errs[i] = f(i); errs[i] != nil {
					failed.Store(true)
				}
			}
		})
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}
