//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package ingest

import "golang.org/x/sys/unix"

// mapBytes maps size zeroed bytes, private and anonymous, or returns nil if it cannot
// (the caller then allocates in the heap).
func mapBytes(size int) []byte {
	b, err := unix.Mmap(-1, 0, size, unix.PROT_READ|unix.PROT_WRITE, unix.MAP_PRIVATE|unix.MAP_ANON)
	if err != nil {
		return nil
	}
	return b
}

// unmapBytes unmaps what mapBytes mapped. Heap memory of the same size (a mapping that
// failed) is not in unix's table of mappings: Munmap refuses it and unmaps nothing.
func unmapBytes(b []byte) {
	_ = unix.Munmap(b)
}
