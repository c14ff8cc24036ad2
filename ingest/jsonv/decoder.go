package jsonv

import (
	"math"
	"strconv"
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
