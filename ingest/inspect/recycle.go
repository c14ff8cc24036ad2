package inspect

import (
	"sync"
	"unsafe"
)

// sampleMem is the memory of a sample's transcript that a caller may hand back once it
// is done with the sample (ReadOptions.Recycle, Reader.Recycle): the blocks of its
// events, tool events and model outputs, the chunks of its strings and the arena
// of its tool arguments. The next sample decoded with it writes over them, so a caller
// that recycles must have copied what it keeps, as the episode stream does.
type sampleMem struct {
	events []Event
	tools  []ToolEvent
	outs   []ModelOutput
	strs   strChunks
	raw    []byte
	seen   strMemo // while a sample is decoded
}

var sampleMems = sync.Pool{New: func() any { return new(sampleMem) }}

// reset makes m's memory free for the next sample, dropping what it points to outside
// itself (tool errors, tool calls).
func (m *sampleMem) reset() {
	clear(m.events)
	clear(m.tools)
	clear(m.outs)
	m.events, m.tools, m.outs = m.events[:0], m.tools[:0], m.outs[:0]
	m.strs.reuse()
	m.raw = m.raw[:0]
	m.seen.reset()
}

// Recycle takes back the transcript memory of s, a sample this reader returned, for the
// samples decoded after it, when the reader was opened with ReadOptions.Recycle (else it
// does nothing). s and every string, slice and pointer of its transcript (events,
// output) must not be used after: they will hold other samples' values.
func (r *Reader) Recycle(s *Sample) {
	if s == nil || s.mem == nil {
		return
	}
	s.mem.release()
	s.mem, s.Events, s.Output = nil, nil, nil
}

// release makes m's memory free and hands it to the samples decoded next; a nil m (a
// sample read without ReadOptions.Recycle) is left alone.
func (m *sampleMem) release() {
	if m == nil {
		return
	}
	m.reset()
	sampleMems.Put(m)
}

// strChunks holds the strings of a transcript in chunks: many are ids, names and
// timestamps, copied in one after another (carve), one allocation for many. The chunks a
// sample used become spare when its memory is recycled.
type strChunks struct {
	free  []byte   // the free tail of the chunk being filled
	used  [][]byte // the chunks this sample's strings are in
	spare [][]byte // chunks free for reuse
	// long holds the longer strings one after another (a completion, a long reply)
	// when the memory is recycled (else each has an allocation of its own): the last
	// buffer made is kept from sample to sample, and grows until a sample's fit in it.
	long    []byte
	recycle bool
}

// room returns free space of at least n bytes (n ≤ maxCarve), at the start of the
// chunk's free tail (a new or spare chunk when the tail is shorter).
func (c *strChunks) room(n int) []byte {
	if len(c.free) < n {
		var chunk []byte
		switch {
		case len(c.spare) > 0:
			chunk = c.spare[len(c.spare)-1]
			c.spare = c.spare[:len(c.spare)-1]
		case len(c.used) == 0:
			chunk = make([]byte, firstChunk)
		default:
			chunk = make([]byte, transcriptChunk)
		}
		c.used = append(c.used, chunk)
		c.free = chunk
	}
	return c.free
}

// take returns the first n bytes of the free tail as a string, and moves past them.
func (c *strChunks) take(n int) string {
	s := unsafe.String(&c.free[0], n)
	c.free = c.free[n:]
	return s
}

// longRoom returns free space of at least n bytes after the long strings.
func (c *strChunks) longRoom(n int) []byte {
	if cap(c.long)-len(c.long) < n {
		c.long = make([]byte, 0, max(2*cap(c.long), n, longChunk))
	}
	return c.long[len(c.long):cap(c.long)]
}

// takeLong returns the n bytes after the long strings as a string, and moves past them.
func (c *strChunks) takeLong(n int) string {
	s := unsafe.String(&c.long[len(c.long):cap(c.long)][0], n)
	c.long = c.long[:len(c.long)+n]
	return s
}

// longChunk is the first size of the long strings' buffer.
const longChunk = 4 << 10

// reuse makes every chunk spare, and the long strings' buffer free.
func (c *strChunks) reuse() {
	c.spare = append(c.spare, c.used...)
	clear(c.used)
	c.used, c.free = c.used[:0], nil
	c.long = c.long[:0]
	c.recycle = true
}

// maxCarve is the longest string copied into a chunk: a longer one gets an allocation
// of its own.
const maxCarve = transcriptChunk / 8

// carve copies b into the chunks and returns the copy (its own allocation when longer
// than maxCarve). A chunk is written once per sample and not changed while the sample
// is in use, so its strings stay immutable as long as the caller keeps the sample.
func carve(c *strChunks, b []byte) string {
	switch {
	case len(b) == 0:
		return ""
	case len(b) > maxCarve && !c.recycle:
		return string(b)
	case len(b) > maxCarve:
		copy(c.longRoom(len(b)), b)
		return c.takeLong(len(b))
	}
	copy(c.room(len(b)), b)
	return c.take(len(b))
}

// unquoteInto decodes a string's escaped content as unquote does, into the chunks when
// it is short; ok is false for a bad escape.
func unquoteInto(c *strChunks, s []byte) (string, bool) {
	long := len(s) > maxCarve
	if len(s) == 0 || long && !c.recycle {
		out, ok := unquote(s)
		return unsafe.String(unsafe.SliceData(out), len(out)), ok
	}
	var buf []byte
	if long {
		buf = c.longRoom(len(s))[:0]
	} else {
		buf = c.room(len(s))[:0]
	}
	out, ok := appendUnquoted(buf, s)
	switch {
	case !ok:
		return "", false
	case len(out) == 0:
		return "", true
	case unsafe.SliceData(out) != unsafe.SliceData(buf) || len(out) > cap(buf):
		// Invalid UTF-8 grew it past the free space: append moved it.
		return unsafe.String(unsafe.SliceData(out), len(out)), true
	case long:
		return c.takeLong(len(out)), true
	}
	return c.take(len(out)), true
}
