// Package paged is an append-only array whose elements never move: fixed pages listed in
// a directory that is copied to grow. The interning tables of the oracle and of analysis
// keep their values in one, so that an id handed out earlier is read without a lock while
// later ids are added, and so that no fixed array sized for every id (megabytes of
// pointers) is a root the garbage collector scans in every cycle.
package paged

import "sync/atomic"

const (
	pageBits = 12
	pageLen  = 1 << pageBits
)

// Array holds elements 0..n-1 for the n its owner has grown it to. Grow calls are
// serialised by the owner; At may run concurrently with them for an index published
// after its Grow.
type Array[T any] struct {
	dir atomic.Pointer[[]*[pageLen]T]
}

// At returns where element i is kept.
func (a *Array[T]) At(i uint32) *T { return &(*a.dir.Load())[i>>pageBits][i&(pageLen-1)] }

// Grow makes element n addressable, n being the number of elements grown so far.
func (a *Array[T]) Grow(n uint32) {
	if n&(pageLen-1) != 0 {
		return
	}
	var old []*[pageLen]T
	if d := a.dir.Load(); d != nil {
		old = *d
	}
	d := append(old[:len(old):len(old)], new([pageLen]T))
	a.dir.Store(&d)
}
