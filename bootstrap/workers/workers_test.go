package workers

import (
	"errors"
	"fmt"
	"slices"
	"sync/atomic"
	"testing"
)

// Every index runs exactly once and each result lands in its slot, for any worker count.
func TestEachRunsEveryIndexOnce(t *testing.T) {
	const n = 1000
	want := make([]int, n)
	for i := range want {
		want[i] = i * i
	}
	for _, w := range []int{0, 1, 2, 3, 8, n + 5} {
		out := make([]int, n)
		var calls atomic.Int64
		if err := Each(n, w, func(i int) error { calls.Add(1); out[i] = i * i; return nil }); err != nil {
			t.Fatalf("w=%d: %v", w, err)
		}
		if calls.Load() != n || !slices.Equal(out, want) {
			t.Errorf("w=%d: %d calls, results differ", w, calls.Load())
		}
	}
	if err := Each(0, 4, func(int) error { return errors.New("called") }); err != nil {
		t.Errorf("no task: %v", err)
	}
}

// The error is the lowest failing index's, as a loop from 0 would return it, and every
// index below it has run, whatever the worker count.
func TestEachFirstErrorInIndexOrder(t *testing.T) {
	const n = 200
	for _, w := range []int{1, 2, 4, 16} {
		for range 20 {
			var ran [n]atomic.Bool
			err := Each(n, w, func(i int) error {
				ran[i].Store(true)
				if i == 37 || i == 38 || i == 150 {
					return fmt.Errorf("task %d", i)
				}
				return nil
			})
			if err == nil || err.Error() != "task 37" {
				t.Fatalf("w=%d: error %v, want task 37", w, err)
			}
			for i := range 37 {
				if !ran[i].Load() {
					t.Fatalf("w=%d: task %d below the failing one did not run", w, i)
				}
			}
		}
	}
}
