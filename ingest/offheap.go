package ingest

import (
	"os"
	"unsafe"
)

// The duplicate checks' tables grow with the episodes read and hold no Go pointer, so they
// are kept outside the Go heap where the platform allows (offheap_mmap.go): the collector's
// goal is a multiple of the live heap (GOGC), so a table in the heap costs about twice its
// size in memory, and one outside it its size. A table whose bytes are under a page stays
// in the heap, where a mapping would waste most of its page.

var minMapped = os.Getpagesize()

// mapSlice returns n zeroed Ts (len and cap n), outside the Go heap when they fill a page
// and the platform allows; free it with unmapSlice. T must hold no pointer: the collector
// does not see into a mapping.
func mapSlice[T any](n int) []T {
	var z T
	size := n * int(unsafe.Sizeof(z))
	if size >= minMapped {
		if b := mapBytes(size); b != nil {
			return unsafe.Slice((*T)(unsafe.Pointer(unsafe.SliceData(b))), n)
		}
	}
	return make([]T, n)
}

// unmapSlice frees a slice from mapSlice (resliced or not: its capacity is what was
// mapped). A slice that mapSlice made in the heap is left to the collector.
func unmapSlice[T any](s []T) {
	var z T
	if size := cap(s) * int(unsafe.Sizeof(z)); size >= minMapped {
		unmapBytes(unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(s))), size))
	}
}

// growSlice returns s extended by m zeroed elements: in place within its capacity, else
// copied to a mapSlice half again as large, freeing s.
func growSlice[T any](s []T, m int) []T {
	n := len(s) + m
	if n > cap(s) {
		t := mapSlice[T](max(n, cap(s)+cap(s)/2))
		copy(t, s)
		unmapSlice(s)
		s = t[:len(s)]
	}
	s = s[:n]
	clear(s[n-m:])
	return s
}
