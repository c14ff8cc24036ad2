package jsonv

import (
	"encoding/binary"
	"math"
	"math/bits"
	"strconv"
	"unicode/utf16"
	"unicode/utf8"
	"unsafe"
)

// Decoder parses JSON documents exactly as Parse does, faster, for callers that parse
// many documents (one per JSONL line): it reuses scratch stacks so that every object
// and array is allocated once at its final size, it shares the boxed value of short
// repeated strings and keys ("type", "INFO_CALL", "ok") across documents, objects with
// the same keys share one Keys slice and predict each other's keys (see shape), and it
// copies string bytes into a shared arena. A Decoder is not safe for concurrent use;
// its values do not alias the input (objects of one shape alias each other's Keys,
// which nothing changes in place).
type Decoder struct {
	data []byte
	pos  int
	buf  []byte
	vals []any
	keys []string
	// Direct-mapped caches of short strings: a hit returns the string (for values,
	// already boxed) without allocating; a miss replaces the slot. Unlike a map they
	// need no clearing when unique values (ids) stream through.
	strs   *[internSlots]internEntry
	names  *[internSlots]internEntry
	shapes *[shapeSlots]*shape // by the hash of the key sequence
	first  *[shapeSlots]*shape // by the hash of the first key: the prediction
	hashes []uint32            // name hashes of d.keys

	// arena holds the bytes of the strings made so far (see long), small those of the
	// strings in the caches (see short).
	arena, small []byte

	// lost is the offset of the first value the last Parse could not keep as written,
	// or -1: a string's content (after its opening quote) that held invalid UTF-8 or a
	// lone surrogate escape (both decode to U+FFFD), or with Lossless a number (see
	// lossyNumber) or a repeated key.
	// Callers that must not be lossy ask Lost; lostWhy says what was lost.
	lost    int
	lostWhy string

	// Lossless makes a loss (Lost) of a key given twice in one object, of which the last
	// value is otherwise taken, and of a number a float64 does not hold as written (out
	// of its range, too small, too precise, or the integer -0), otherwise read as the
	// nearest float64: Python's json, which the evaluator reads with, does both
	// silently, and so does scoring; a reader that writes what it read back out (convert)
	// must not.
	Lossless bool
}

// Lost reports whether the last Parse changed a value it read: the offset of the first
// such value in the input (a string's content, after its quote, or a number's first
// byte) and what was lost: LostUTF8, LostSurrogate (each replaced by U+FFFD), or a
// sentence naming the number.
func (d *Decoder) Lost() (offset int, why string, found bool) {
	return d.lost, d.lostWhy, d.lost >= 0
}

// arenaChunk and smallChunk are the sizes of one chunk of the string arena and of the
// caches' arena (which holds at most internSlots live strings of internMaxLen bytes per cache).
const (
	arenaChunk = 32 << 10
	smallChunk = 1 << 10
)

// newObject allocates an object with the given keys (shared, see shapeKeys) and n
// values; up to sixteen values come in one allocation with the object. (Carving objects
// from large shared slabs instead saved allocations but cost more in the collector;
// measured with cachegrind on the decode benchmark, as was this.)
func newObject(keys []string) *Object {
	n := len(keys)
	var o *Object
	var v []any
	switch {
	case n <= 1:
		b := new(objectBlock1)
		o, v = &b.o, b.v[:n:n]
	case n <= 2:
		b := new(objectBlock2)
		o, v = &b.o, b.v[:n:n]
	case n <= 3:
		b := new(objectBlock3)
		o, v = &b.o, b.v[:n:n]
	case n <= 4:
		b := new(objectBlock4)
		o, v = &b.o, b.v[:n:n]
	case n <= 6:
		b := new(objectBlock6)
		o, v = &b.o, b.v[:n:n]
	case n <= 8:
		b := new(objectBlock8)
		o, v = &b.o, b.v[:n:n]
	case n <= 10:
		b := new(objectBlock10)
		o, v = &b.o, b.v[:n:n]
	case n <= 12:
		b := new(objectBlock12)
		o, v = &b.o, b.v[:n:n]
	case n <= 14:
		b := new(objectBlock14)
		o, v = &b.o, b.v[:n:n]
	case n <= 16:
		b := new(objectBlock16)
		o, v = &b.o, b.v[:n:n]
	default:
		o, v = new(Object), make([]any, n)
	}
	o.Keys, o.Values = keys, v
	return o
}

// objectBlockN holds a small object and its values in one allocation. The slice has
// capacity n, so a later Set reallocates rather than overrun. Sizes 1, 3 and 6 are the
// common ones in traces (arguments, events), where the next size up would allocate
// and zero a quarter to a half more.
type (
	objectBlock1 struct {
		o Object
		v [1]any
	}
	objectBlock2 struct {
		o Object
		v [2]any
	}
	objectBlock3 struct {
		o Object
		v [3]any
	}
	objectBlock4 struct {
		o Object
		v [4]any
	}
	objectBlock6 struct {
		o Object
		v [6]any
	}
	objectBlock8 struct {
		o Object
		v [8]any
	}
	// An episode (up to 14 fields) and its record (about a dozen) are the larger
	// objects of every line; steps of two keep the block within a size class or so of
	// the two allocations it replaces.
	objectBlock10 struct {
		o Object
		v [10]any
	}
	objectBlock12 struct {
		o Object
		v [12]any
	}
	objectBlock14 struct {
		o Object
		v [14]any
	}
	objectBlock16 struct {
		o Object
		v [16]any
	}
)

// Objects with the same keys in the same order (every event, every arguments object
// of a tool) share one Keys slice, found in a direct-mapped cache of shapeSlots
// entries keyed by a hash of the key sequence. Nothing in the module writes into an
// object's Keys; Set appends (the slice has capacity len, so it reallocates) and
// Delete builds a new slice, so sharing is safe.
//
// The shape last seen with a given first key also predicts the keys after it: when
// the input at a key is exactly the predicted key's bytes and a closing quote, the key
// is taken without decoding, hashing or looking it up (only for keys without quotes,
// backslashes or control characters, whose JSON text is their bytes).
const shapeSlots = 1 << 9

// shape is a sequence of keys with their name hashes.
type shape struct {
	keys   []string // capacity equal to length
	hashes []uint32
	plain  bool // every key's JSON text is its bytes
}

// noKeys is the keys of every empty object: empty, not nil, as Parse makes them.
var noKeys = []string{}

// shapeOf returns the shape of keys (with their name hashes), made earlier or now; seq
// is the hash of the sequence. It becomes the prediction for objects with its first key.
func (d *Decoder) shapeOf(keys []string, hashes []uint32, seq uint32) *shape {
	e := &d.shapes[seq&(shapeSlots-1)]
	if sh := *e; sh == nil || !sameKeys(sh.keys, keys) {
		sh = &shape{keys: append([]string(nil), keys...), hashes: append([]uint32(nil), hashes...), plain: true}
		sh.keys = sh.keys[:len(keys):len(keys)]
		for _, k := range keys {
			sh.plain = sh.plain && plainKey(k)
		}
		*e = sh
	}
	d.first[hashes[0]&(shapeSlots-1)] = *e
	return *e
}

func sameKeys(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] { // interned keys: mostly a pointer comparison
			return false
		}
	}
	return true
}

// plainKey reports whether k's JSON text (between the quotes) is k itself.
func plainKey(k string) bool {
	for i := 0; i < len(k); i++ {
		if c := k[i]; c == '"' || c == '\\' || c < 0x20 {
			return false
		}
	}
	return true
}

// matchKey takes the key k at the input's opening quote if the input holds exactly k's
// bytes and a closing quote (k is plain).
func (d *Decoder) matchKey(k string) bool {
	end := d.pos + 1 + len(k)
	if end >= len(d.data) || d.data[end] != '"' || string(d.data[d.pos+1:end]) != k {
		return false
	}
	d.pos = end + 1
	return true
}

// Strings up to internMaxLen bytes are shared through caches of internSlots entries.
const (
	internMaxLen = 40
	internSlots  = 1 << 12
)

type internEntry struct {
	s string
	v any // the boxed s (values), or true (names); nil for an empty slot
}

// NewDecoder returns a Decoder.
func NewDecoder() *Decoder {
	return &Decoder{strs: new([internSlots]internEntry), names: new([internSlots]internEntry),
		shapes: new([shapeSlots]*shape), first: new([shapeSlots]*shape), lost: -1}
}

// Parse decodes one document with Parse's semantics and errors.
func (d *Decoder) Parse(data []byte) (any, error) {
	d.data, d.pos = data, bomLen(data)
	d.vals, d.keys, d.hashes = d.vals[:0], d.keys[:0], d.hashes[:0]
	d.lost = -1
	d.skip()
	v, ok := d.value(0)
	if ok {
		d.skip()
		ok = d.pos == len(d.data)
	}
	d.data = nil
	if !ok {
		// Errors are rare: let the reference parser find and word them.
		return Parse(data)
	}
	return v, nil
}

func (d *Decoder) skip() {
	for d.pos < len(d.data) {
		switch d.data[d.pos] {
		case ' ', '\t', '\n', '\r':
			d.pos++
		default:
			return
		}
	}
}

func (d *Decoder) value(depth int) (any, bool) {
	if depth > MaxDepth || d.pos >= len(d.data) {
		return nil, false
	}
	switch c := d.data[d.pos]; {
	case c == '{':
		return d.object(depth)
	case c == '[':
		return d.array(depth)
	case c == '"':
		s, ok := d.str()
		if !ok {
			return nil, false
		}
		return d.box(s), true
	case c == 't':
		return true, d.lit("true")
	case c == 'f':
		return false, d.lit("false")
	case c == 'n':
		return nil, d.lit("null")
	case c == 'N':
		return math.NaN(), d.lit("NaN")
	case c == 'I':
		return math.Inf(1), d.lit("Infinity")
	case c == '-' && d.pos+1 < len(d.data) && d.data[d.pos+1] == 'I':
		d.pos++
		return math.Inf(-1), d.lit("Infinity")
	case c == '-' || (c >= '0' && c <= '9'):
		return d.number()
	}
	return nil, false
}

func (d *Decoder) lit(word string) bool {
	if len(d.data)-d.pos < len(word) || string(d.data[d.pos:d.pos+len(word)]) != word {
		return false
	}
	d.pos += len(word)
	return true
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

func (d *Decoder) object(depth int) (any, bool) {
	d.pos++ // {
	k0, v0 := len(d.keys), len(d.vals)
	d.skip()
	if d.pos < len(d.data) && d.data[d.pos] == '}' {
		d.pos++
		return newObject(noKeys), true
	}
	var seen uint64
	seq := uint32(0)
	var pred *shape // the predicted keys, while every key so far was as predicted
	for n := 0; ; n++ {
		d.skip()
		if d.pos >= len(d.data) || d.data[d.pos] != '"' {
			return nil, false
		}
		var k string
		var h uint32
		keyAt := d.pos + 1
		if pred != nil && n < len(pred.keys) && d.matchKey(pred.keys[n]) {
			k, h = pred.keys[n], pred.hashes[n]
		} else {
			pred = nil
			kb, ok := d.str()
			if !ok {
				return nil, false
			}
			k, h = d.name(kb)
			if n == 0 {
				if p := d.first[h&(shapeSlots-1)]; p != nil && p.plain && p.keys[0] == k {
					pred = p
				}
			}
		}
		bit := uint64(1) << (h & 63)
		seq = seq*0x9E3779B1 + h + uint32(len(k))
		d.skip()
		if d.pos >= len(d.data) || d.data[d.pos] != ':' {
			return nil, false
		}
		d.pos++
		d.skip()
		v, ok := d.value(depth + 1)
		if !ok {
			return nil, false
		}
		// A repeated key keeps its first position and takes the last value (Python dict).
		// seen has one bit per key-hash class, so most keys skip the comparisons.
		dup := false
		if seen&bit != 0 {
			for i := k0; i < len(d.keys); i++ {
				if d.keys[i] == k {
					d.vals[v0+i-k0] = v
					dup = true
					if d.Lossless {
						d.lose(keyAt, "the key "+strconv.Quote(k)+" given twice in one object (only its last value would be kept)")
					}
					pred = nil
					break
				}
			}
		}
		seen |= bit
		if !dup {
			d.keys = append(d.keys, k)
			d.hashes = append(d.hashes, h)
			d.vals = append(d.vals, v)
		}
		d.skip()
		if d.pos >= len(d.data) {
			return nil, false
		}
		switch d.data[d.pos] {
		case ',':
			d.pos++
		case '}':
			d.pos++
			keys := d.keys[k0:]
			sh := pred
			if sh == nil || len(sh.keys) != len(keys) {
				sh = d.shapeOf(keys, d.hashes[k0:], seq)
			}
			o := newObject(sh.keys)
			copy(o.Values, d.vals[v0:])
			// The stack keeps its stale references (to values already handed out, until
			// overwritten): clearing them cost more than the little memory they hold.
			d.keys, d.hashes, d.vals = d.keys[:k0], d.hashes[:k0], d.vals[:v0]
			return o, true
		default:
			return nil, false
		}
	}
}

func (d *Decoder) array(depth int) (any, bool) {
	d.pos++ // [
	v0 := len(d.vals)
	d.skip()
	if d.pos < len(d.data) && d.data[d.pos] == ']' {
		d.pos++
		return []any{}, true
	}
	for {
		d.skip()
		v, ok := d.value(depth + 1)
		if !ok {
			return nil, false
		}
		d.vals = append(d.vals, v)
		d.skip()
		if d.pos >= len(d.data) {
			return nil, false
		}
		switch d.data[d.pos] {
		case ',':
			d.pos++
		case ']':
			d.pos++
			a := make([]any, len(d.vals)-v0)
			copy(a, d.vals[v0:])
			d.vals = d.vals[:v0]
			return a, true
		default:
			return nil, false
		}
	}
}

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

func (d *Decoder) number() (any, bool) {
	start := d.pos
	neg := d.data[d.pos] == '-'
	if neg {
		d.pos++
	}
	intStart := d.pos
	var n uint64
	for d.pos < len(d.data) && d.data[d.pos] >= '0' && d.data[d.pos] <= '9' {
		n = n*10 + uint64(d.data[d.pos]-'0')
		d.pos++
	}
	nd := d.pos - intStart
	if nd == 0 || (nd > 1 && d.data[intStart] == '0') {
		return nil, false
	}
	isFloat := false
	digits := nd
	if d.pos < len(d.data) && d.data[d.pos] == '.' {
		d.pos++
		k := d.pos
		for d.pos < len(d.data) && d.data[d.pos] >= '0' && d.data[d.pos] <= '9' {
			d.pos++
		}
		if d.pos == k {
			return nil, false
		}
		digits += d.pos - k
		isFloat = true
	}
	if d.pos < len(d.data) && (d.data[d.pos] == 'e' || d.data[d.pos] == 'E') {
		d.pos++
		if d.pos < len(d.data) && (d.data[d.pos] == '+' || d.data[d.pos] == '-') {
			d.pos++
		}
		k := d.pos
		for d.pos < len(d.data) && d.data[d.pos] >= '0' && d.data[d.pos] <= '9' {
			d.pos++
		}
		if d.pos == k {
			return nil, false
		}
		isFloat = true
	}
	text := d.data[start:d.pos]
	if isFloat {
		// ParseFloat does not keep its argument (its errors copy it), so no copy is needed.
		f, err := strconv.ParseFloat(unsafe.String(unsafe.SliceData(text), len(text)), 64)
		if err != nil && !isRangeErr(err) {
			return nil, false
		}
		// Up to 15 significant digits a normal float64 holds any decimal exactly enough
		// to be written back as the same number; past that, or near the range's ends,
		// look closer.
		if normal := f != 0 && math.Abs(f) >= 0x1p-1022 && !math.IsInf(f, 0); d.Lossless && (digits > 15 || !normal) {
			if why := lossyNumber(text, f); why != "" {
				d.lose(start, why)
			}
		}
		return f, true
	}
	if d.Lossless && neg && n == 0 { // -0 is the integer 0, written back without its sign
		d.lose(start, "the number -0 (it would be written as 0)")
	}
	if nd <= 18 { // cannot overflow int64
		if neg {
			return -int64(n), true
		}
		return int64(n), true
	}
	if i, err := strconv.ParseInt(string(text), 10, 64); err == nil {
		return i, true
	}
	return BigInt(text), true
}
