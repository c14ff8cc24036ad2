package jsonv

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
