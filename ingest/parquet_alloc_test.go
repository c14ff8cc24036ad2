package ingest

import (
	"testing"
	"unsafe"
)

func TestPoolAllocator(t *testing.T) {
	p := &poolAllocator{}
	for _, n := range []int{0, 1, 100, 4095, 4096, 5000, 1 << 20} {
		b := p.Allocate(n)
		if len(b) != n {
			t.Fatalf("Allocate(%d) has length %d", n, len(b))
		}
		if n > 0 && uintptr(unsafe.Pointer(&b[0]))%64 != 0 {
			t.Errorf("Allocate(%d) is not 64-byte aligned", n)
		}
		for i := range b {
			b[i] = 0xff
		}
		b = p.Reallocate(2*n+1, b)
		if len(b) != 2*n+1 || (n > 0 && b[n-1] != 0xff) || b[2*n] != 0 {
			t.Fatalf("Reallocate(%d) lost data or did not zero the tail", 2*n+1)
		}
		p.Free(b)
		again := p.Allocate(2*n + 1)
		for i, c := range again {
			if c != 0 {
				t.Fatalf("recycled buffer of %d not zeroed at %d", 2*n+1, i)
			}
		}
		p.Free(again)
	}
}
