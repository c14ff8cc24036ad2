package view

// table maps a textKey to an id (≥ 0): an open-addressing table with linear probing in one
// flat array, for the per-case dictionaries. A probe of a Go map with 16-byte keys hashes
// the key again and reads a control word and a slot on different cache lines; here the
// key is already a hash, and a probe reads one 16-byte entry (usually one line). With a
// million episodes the per-case tables do not stay in cache, so the lines read per probe
// are what a lookup costs.
//
// An entry keeps 96 of the key's 128 bits (Lo and the high half of Hi): two distinct
// texts of a case collide when those bits match, with probability 2^-96 per pair, so
// under n²/2^97 for a case of n keys, under 10^-19 even at n = 10^5 (synth's cases hold
// hundreds).
type table struct {
	slots []slot
	n     int // entries in use
}

// slot is one entry; id1 is the id plus one, 0 for an empty slot.
type slot struct {
	lo  uint64
	hi  uint32
	id1 uint32
}

// get returns the id of k.
func (t *table) get(k textKey) (int, bool) {
	if len(t.slots) == 0 {
		return 0, false
	}
	mask := uint64(len(t.slots) - 1)
	hi := uint32(k.Hi >> 32)
	for i := k.Lo & mask; ; i = (i + 1) & mask {
		s := &t.slots[i]
		if s.id1 == 0 {
			return 0, false
		}
		if s.lo == k.Lo && s.hi == hi {
			return int(s.id1 - 1), true
		}
	}
}

// put gives k the id id; k must not be in the table.
func (t *table) put(k textKey, id int) {
	if 4*(t.n+1) > 3*len(t.slots) { // load at most 3/4: probes stay short
		t.grow()
	}
	t.insert(slot{lo: k.Lo, hi: uint32(k.Hi >> 32), id1: uint32(id) + 1})
	t.n++
}

func (t *table) insert(e slot) {
	mask := uint64(len(t.slots) - 1)
	i := e.lo & mask
	for t.slots[i].id1 != 0 {
		i = (i + 1) & mask
	}
	t.slots[i] = e
}

// grow doubles the table (16 slots at first).
func (t *table) grow() {
	old := t.slots
	t.slots = make([]slot, max(16, 2*len(old)))
	for _, e := range old {
		if e.id1 != 0 {
			t.insert(e)
		}
	}
}
