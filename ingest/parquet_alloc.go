package ingest

import (
	"fmt"
	"math/bits"
	"sync"

	"github.com/apache/arrow-go/v18/arrow/memory"
)

// poolAllocator is an arrow memory.Allocator that recycles buffers by power-of-two size
// class. The Parquet reader decodes every batch into fresh column buffers that grow by
// doubling; without recycling, those copies and the garbage they leave cost about as
// much as the decoding. Values handed out of a batch must not alias its buffers, so the
// reader copies the strings it keeps (the JSON parser copies its own).
type poolAllocator struct {
	pools [48]sync.Pool // class c holds []byte of capacity 1<<c
}

// Buffers below 4 KiB come from arrow's own (64-byte aligned) allocator: pooling them
// saves nothing. Pooled buffers are Go allocations of at least 4 KiB, which the Go
// runtime aligns to at least 4 KiB, so arrow's alignment needs hold for them too.
const poolMinClass = 12

var smallAlloc = memory.NewGoAllocator()

func sizeClass(n int) int {
	if n <= 1 {
		return 0
	}
	return bits.Len(uint(n - 1))
}

// maxParquetBuffer bounds one buffer the Parquet reader may ask for. A damaged footer or
// page header can claim any length; asking the runtime for it would be a fatal
// out-of-memory throw, where a panic here is recovered by the reader and becomes an
// error naming the file. One batch of parquetBatchRows episodes never needs this much.
const maxParquetBuffer = 1 << 30

// errParquetAlloc is what the reader panics with when a buffer would exceed the limit.
type errParquetAlloc int

func (e errParquetAlloc) Error() string {
	return fmt.Sprintf("a buffer of %d bytes was asked for (limit %d): damaged sizes in the file", int(e), maxParquetBuffer)
}

func (p *poolAllocator) Allocate(size int) []byte {
	return p.allocate(size, 0)
}

// allocate returns a buffer of size bytes whose bytes from keep on are zero (arrow
// expects zeroed memory: validity bitmaps); the first keep bytes of a recycled buffer
// are left as they were, for a caller that overwrites them.
func (p *poolAllocator) allocate(size, keep int) []byte {
	if size < 0 || size > maxParquetBuffer {
		panic(errParquetAlloc(size))
	}
	c := sizeClass(size)
	if c < poolMinClass || c >= len(p.pools) {
		return smallAlloc.Allocate(size)
	}
	if b, ok := p.pools[c].Get().(*[]byte); ok {
		buf := (*b)[:size]
		clear(buf[min(keep, size):])
		return buf
	}
	return make([]byte, size, 1<<c)
}

func (p *poolAllocator) Reallocate(size int, b []byte) []byte {
	if size < 0 || size > maxParquetBuffer {
		panic(errParquetAlloc(size))
	}
	if size <= cap(b) {
		old := len(b)
		b = b[:size]
		if size > old {
			clear(b[old:])
		}
		return b
	}
	nb := p.allocate(size, len(b)) // the old bytes are copied over, the rest zeroed
	copy(nb, b)
	p.Free(b)
	return nb
}

func (p *poolAllocator) Free(b []byte) {
	if cap(b) == 0 {
		return
	}
	c := sizeClass(cap(b))
	if c < poolMinClass || c >= len(p.pools) || cap(b) != 1<<c {
		return
	}
	b = b[:0]
	p.pools[c].Put(&b)
}

// parquetAlloc is shared by all Parquet readers.
var parquetAlloc = &poolAllocator{}
