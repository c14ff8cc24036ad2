package analysis

import (
	"errors"
	"sync"
	"sync/atomic"
	"testing"
)

// TestCachedOnce: callers asking for one key at the same time share one computation and
// its result, an error included; another key is computed apart.
func TestCachedOnce(t *testing.T) {
	r := rankRelease()
	var calls atomic.Int32
	got := make([]*int, 8)
	var wg sync.WaitGroup
	for i := range got {
		wg.Go(func() {
			got[i], _ = cached(r, "k", func() (*int, error) {
				calls.Add(1)
				return new(int), nil
			})
		})
	}
	wg.Wait()
	if calls.Load() != 1 {
		t.Errorf("computed %d times, want once", calls.Load())
	}
	for _, p := range got {
		if p != got[0] {
			t.Fatal("callers got different results")
		}
	}
	bad := errors.New("bad")
	for range 2 {
		if _, err := cached(r, "e", func() (*int, error) { calls.Add(1); return nil, bad }); err != bad {
			t.Errorf("error %v, want %v", err, bad)
		}
	}
	if calls.Load() != 2 {
		t.Errorf("computed %d times in all, want 2 (one per key)", calls.Load())
	}
}
