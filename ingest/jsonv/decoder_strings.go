package jsonv

import (
	"encoding/binary"
	"math/bits"
	"unicode/utf16"
	"unicode/utf8"
	"unsafe"
)

// arenaChunk and smallChunk are the sizes of one chunk of the string arena and of the
// caches' arena (which holds at most internSlots live strings of internMaxLen bytes per cache).
const (
	arenaChunk = 32 << 10
	smallChunk = 1 << 10
)

// Strings up to internMaxLen bytes are shared through caches of internSlots entries.
const (
	internMaxLen = 40
	internSlots  = 1 << 12
)

type internEntry struct {
	s string
	v any // the boxed s (values), or true (names); nil for an empty slot
}

// box returns s as an interface value, shared for short strings.
func (d *Decoder) box(s []byte) any {
	if len(s) > internMaxLen {
		return d.long(s)
	}
	e := &d.strs[internHash(s)]
	if e.v != nil && e.s == string(s) {
		return e.v
	}
	str := d.short(s)
	e.s, e.v = str, str
	return e.v
}

// name returns an object key, shared when short, and its hash (internHash for a short
// key, which object also uses to spot repeated keys; 0 for a long one).
func (d *Decoder) name(s []byte) (string, uint32) {
	if len(s) > internMaxLen {
		return d.long(s), 0
	}
	h := internHash(s)
	e := &d.names[h]
	if e.v != nil && e.s == string(s) {
		return e.s, h
	}
	str := d.short(s)
	e.s, e.v = str, true
	return str, h
}

// short copies a string that enters a cache into the cache's own small arena. A slot
// keeps its string, and so the chunk under it, alive for as long as nothing replaces it,
// maybe for the whole input: in the big arena each long-lived slot would pin a chunk of
// the strings of long-gone documents (a streaming read's memory grew by tens of
// megabytes), here at most a small one.
func (d *Decoder) short(s []byte) string { return carve(&d.small, smallChunk, s) }

// long copies a longer string into the string arena: one allocation per chunk instead
// of one per string, in memory the collector does not scan. Arena bytes are written
// once and never changed, so the strings stay immutable.
func (d *Decoder) long(s []byte) string {
	if len(s) > arenaChunk/8 {
		return string(s)
	}
	return carve(&d.arena, arenaChunk, s)
}

// carve copies s into the free tail of *chunk, starting a chunk of size bytes when it
// does not fit, and returns the copy.
func carve(chunk *[]byte, size int, s []byte) string {
	if len(s) == 0 {
		return ""
	}
	if len(*chunk) < len(s) {
		*chunk = make([]byte, size)
	}
	copy(*chunk, s)
	str := unsafe.String(&(*chunk)[0], len(s))
	*chunk = (*chunk)[len(s):]
	return str
}

// internHash mixes a short string's length and its first and last bytes (up to four
// each) into a cache slot: cheap, and distinct enough for keys, enums and ids.
func internHash(s []byte) uint32 {
	n := len(s)
	var a, b uint32
	switch {
	case n >= 4:
		a = binary.LittleEndian.Uint32(s)
		b = binary.LittleEndian.Uint32(s[n-4:])
	case n > 0:
		a = uint32(s[0]) | uint32(s[n/2])<<8 | uint32(s[n-1])<<16
	}
	h := (a*0x9E3779B1 ^ b*0x85EBCA77 ^ uint32(n)*0xC2B2AE3D)
	return (h ^ h>>16) & (internSlots - 1)
}

// SWAR helpers (Bit Twiddling Hacks): whether any byte of a word is zero, or below n.
const (
	swarLo = 0x0101010101010101
	swarHi = 0x8080808080808080
)

func hasZero(x uint64) uint64 { return (x - swarLo) & ^x & swarHi }

func hasLess(x uint64, n uint64) uint64 { return (x - swarLo*n) & ^x & swarHi }

// The reasons Lost gives for strings.
const (
	LostUTF8      = "invalid UTF-8"
	LostSurrogate = "a lone UTF-16 surrogate escape"
)

func (d *Decoder) invalid(start int) { d.lose(start, LostUTF8) }

func (d *Decoder) lose(start int, why string) {
	if d.lost < 0 {
		d.lost, d.lostWhy = start, why
	}
}

// str reads a string and returns its decoded bytes, valid until the next call.
func (d *Decoder) str() ([]byte, bool) {
	d.pos++ // opening quote
	start := d.pos
	high := d.plain()
	if d.pos < len(d.data) && d.data[d.pos] == '"' {
		s := d.data[start:d.pos]
		d.pos++
		if high < utf8.RuneSelf || utf8.Valid(s) {
			return s, true
		}
		d.invalid(start)
		return []byte(string([]rune(string(s)))), true // invalid bytes become U+FFFD
	}
	d.buf = append(d.buf[:0], d.data[start:d.pos]...)
	for d.pos < len(d.data) {
		c := d.data[d.pos]
		switch {
		case c == '"':
			d.pos++
			if utf8.Valid(d.buf) {
				return d.buf, true
			}
			d.invalid(start)
			return []byte(string([]rune(string(d.buf)))), true
		case c < 0x20:
			return nil, false
		case c != '\\':
			// Unreachable after plain(), which stops only at '"', '\\' or a control byte.
			return nil, false
		}
		d.pos++
		if d.pos >= len(d.data) {
			return nil, false
		}
		e := d.data[d.pos]
		d.pos++
		switch e {
		case '"', '\\', '/':
			d.buf = append(d.buf, e)
		case 'b':
			d.buf = append(d.buf, '\b')
		case 'f':
			d.buf = append(d.buf, '\f')
		case 'n':
			d.buf = append(d.buf, '\n')
		case 'r':
			d.buf = append(d.buf, '\r')
		case 't':
			d.buf = append(d.buf, '\t')
		case 'u':
			r, ok := d.hex4()
			if !ok {
				return nil, false
			}
			if utf16.IsSurrogate(r) {
				if d.pos+1 < len(d.data) && d.data[d.pos] == '\\' && d.data[d.pos+1] == 'u' {
					save := d.pos
					d.pos += 2
					r2, ok2 := d.hex4()
					if dr := utf16.DecodeRune(r, r2); ok2 && dr != utf8.RuneError {
						r = dr
					} else {
						d.pos = save
						r = utf8.RuneError
						d.lose(start, LostSurrogate)
					}
				} else {
					r = utf8.RuneError
					d.lose(start, LostSurrogate)
				}
			}
			d.buf = utf8.AppendRune(d.buf, r)
		default:
			return nil, false
		}
		// Copy the next run of plain bytes in one go.
		from := d.pos
		d.plain()
		d.buf = append(d.buf, d.data[from:d.pos]...)
	}
	return nil, false
}

// plain advances over bytes that need no attention inside a string (anything but '"',
// '\\' and control characters) and reports, in its high bit, whether any was non-ASCII.
// It works eight bytes at a time: in the SWAR masks the lowest flagged byte is always a
// true match (borrows only spill upwards), so it also says where the scan stops.
func (d *Decoder) plain() byte {
	var high uint64
	for d.pos+8 <= len(d.data) {
		w := binary.LittleEndian.Uint64(d.data[d.pos:])
		m := hasLess(w, 0x20) | hasZero(w^(swarLo*'"')) | hasZero(w^(swarLo*'\\'))
		if m != 0 {
			k := uint(bits.TrailingZeros64(m)) &^ 7 // bit offset of the first special byte
			high |= w & swarHi & (1<<k - 1)
			d.pos += int(k >> 3)
			if high != 0 {
				return 0x80
			}
			return 0
		}
		high |= w & swarHi
		d.pos += 8
	}
	var h byte
	for d.pos < len(d.data) {
		c := d.data[d.pos]
		if c == '"' || c == '\\' || c < 0x20 {
			break
		}
		h |= c
		d.pos++
	}
	if high != 0 {
		return 0x80
	}
	return h & 0x80
}

func (d *Decoder) hex4() (rune, bool) {
	r, ok := hex4(d.data[d.pos:])
	if ok {
		d.pos += 4
	}
	return r, ok
}
