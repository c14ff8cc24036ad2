package ingest

import (
	"math"
	"math/bits"
	"sort"
	"strings"
)

// The reader's duplicate checks keep something of every episode it reads, so what they keep
// is what a streaming read grows by. They number the episodes instead of keeping places:
// an episode's ordinal is its index among the episodes decoded (problem lines have none),
// in reading order, the same in both passes of DedupeLast. Until a key or a run-id hash
// comes twice, the checks keep a bit per key and a 64-bit hash per run id, outside the Go
// heap (offheap.go); from then on (runsReader.toExact) an ordinal (4 bytes) with each. The
// places come back from the ordinals (places), and a run id from reading its episode again
// (runsReader.runIDAt).

// maxOrdinal bounds the episodes of one read: ordinals are stored plus one in 32 bits.
const maxOrdinal = math.MaxUint32 - 1

// places maps ordinals to file and line. Consecutive ordinals on consecutive lines of one
// file are one run, so a file costs one entry plus one per blank or refused line.
type places struct {
	runs []placeRun
	n    uint32 // ordinals noted so far
}

type placeRun struct {
	line int
	ord  uint32
	file int32
}

// note records where ordinal ord was read. An ordinal noted before (DedupeLast's first
// pass numbers the same episodes) is left as it is.
func (p *places) note(ord uint32, file, line int) {
	if ord < p.n {
		return
	}
	p.n = ord + 1
	if k := len(p.runs); k > 0 {
		if last := p.runs[k-1]; int(last.file) == file && line-last.line == int(ord-last.ord) {
			return
		}
	}
	p.runs = append(p.runs, placeRun{line: line, ord: ord, file: int32(file)})
}

// at returns the file index and line of a noted ordinal.
func (p *places) at(ord uint32) (file, line int) {
	i := sort.Search(len(p.runs), func(i int) bool { return p.runs[i].ord > ord }) - 1
	r := p.runs[i]
	return int(r.file), r.line + int(ord-r.ord)
}

// keyIndex maps episode keys to an ordinal, exactly, or (bits) only knows which keys it
// holds: the configuration, condition and case strings are interned (they are few), and
// each (configuration, condition, case) group keeps a span of the pool indexed by repeat.
// Repeats far from a group's others (negative, or past twice the group's count) go to a
// map instead, so that a span stays at most about twice what it holds.
type keyIndex struct {
	configs, conditions, cases map[string]uint32
	groups                     map[[3]uint32]uint32 // → index in spans
	spans                      []repeatSpan
	pool                       []uint32 // per span: an ordinal+1 (0: none), or 32 bits, per entry; mapSlice'd
	unused                     int      // pool entries of spans that moved
	sparse                     map[keyRef]uint32
	shift                      uint // log2 of the repeats an entry of the pool holds: 0, or 5 (bits)
}

// repeatSpan is a group's repeats 0..n<<shift-1, at pool[off:off+n]; used of them are set.
// The pool stays under 2^32 entries (past that, repeats go to the map).
type repeatSpan struct {
	off, n, used uint32
}

// keyRef is an episode key with its strings interned: its group, and its repeat.
type keyRef struct {
	group  uint32
	repeat int
}

// newKeyIndex returns an index that keeps each key's ordinal.
func newKeyIndex() *keyIndex {
	return &keyIndex{configs: map[string]uint32{}, conditions: map[string]uint32{}, cases: map[string]uint32{},
		groups: map[[3]uint32]uint32{}}
}

// newKeyBits returns an index that keeps which keys were set, a bit each, and no ordinal.
func newKeyBits() *keyIndex {
	k := newKeyIndex()
	k.shift = 5
	return k
}

func intern(m map[string]uint32, s string) uint32 {
	id, ok := m[s]
	if !ok {
		id = uint32(len(m))      // fewer names than ordinals, so 32 bits hold them
		m[strings.Clone(s)] = id // the episode's string lives in decoder memory
	}
	return id
}

// ref interns e's key, adding its group if new.
func (k *keyIndex) ref(e *Episode) keyRef {
	g := [3]uint32{intern(k.configs, e.Config), intern(k.conditions, e.Condition), intern(k.cases, e.CaseID)}
	i, ok := k.groups[g]
	if !ok {
		i = uint32(len(k.spans))
		k.groups[g] = i
		k.spans = append(k.spans, repeatSpan{})
	}
	return keyRef{group: i, repeat: e.Repeat}
}

// get returns the ordinal set for key r (0 when k keeps bits).
func (k *keyIndex) get(r keyRef) (uint32, bool) {
	if s := k.spans[r.group]; r.repeat >= 0 && r.repeat < int(s.n)<<k.shift {
		v := k.pool[int(s.off)+r.repeat>>k.shift]
		if k.shift == 0 && v != 0 {
			return v - 1, true
		}
		if k.shift != 0 && v>>(r.repeat&31)&1 != 0 {
			return 0, true
		}
	}
	// A key set in the map stays there when its group's span grows over it later.
	if v, ok := k.sparse[r]; ok {
		return v, true
	}
	return 0, false
}

// spanSlack is how far past twice its count a group's span may reach: the first repeats
// of a group need not start at 0.
const spanSlack = 16

// reach is the pool entries span s may take: enough for twice its count, plus the slack.
func (k *keyIndex) reach(s *repeatSpan) int {
	return (2*(int(s.used)+1) + spanSlack + 1<<k.shift - 1) >> k.shift
}

// set sets key r's ordinal (a later set of the same key overrides: DedupeLast's pass).
func (k *keyIndex) set(r keyRef, ord uint32) {
	s := &k.spans[r.group]
	if n := int(s.n) << k.shift; r.repeat >= n && r.repeat < k.reach(s)<<k.shift {
		k.grow(s, r.repeat>>k.shift+1)
	}
	if r.repeat >= 0 && r.repeat < int(s.n)<<k.shift {
		at := int(s.off) + r.repeat>>k.shift
		if k.shift == 0 {
			if k.pool[at] == 0 {
				s.used++
			}
			k.pool[at] = ord + 1
			return
		}
		if bit := uint32(1) << (r.repeat & 31); k.pool[at]&bit == 0 {
			s.used++
			k.pool[at] |= bit
		}
		return
	}
	if k.sparse == nil {
		k.sparse = map[keyRef]uint32{}
	}
	k.sparse[r] = ord
}

// grow makes span s hold at least need entries, by half again its size, at most its reach.
// A span at the pool's end grows in place; another moves there, and the pool is compacted
// when more than a quarter of it is left behind.
func (k *keyIndex) grow(s *repeatSpan, need int) {
	old := int(s.n)
	n := min(max(need, old+old/2+1), k.reach(s))
	move := int(s.off)+old != len(k.pool)
	if int64(len(k.pool))+int64(old+n) > math.MaxUint32 {
		return // the repeat goes to the map
	}
	if move {
		at := len(k.pool)
		k.pool = growSlice(k.pool, old)
		copy(k.pool[at:], k.pool[s.off:int(s.off)+old])
		k.unused += old
		s.off = uint32(at)
	}
	k.pool = growSlice(k.pool, n-old)
	s.n = uint32(n)
	if k.unused > len(k.pool)/4 {
		pool := mapSlice[uint32](len(k.pool) - k.unused)
		off := 0
		for i := range k.spans {
			t := &k.spans[i]
			copy(pool[off:], k.pool[t.off:t.off+t.n])
			t.off = uint32(off)
			off += int(t.n)
		}
		unmapSlice(k.pool)
		k.pool, k.unused = pool, 0
	}
}

// reset empties k, keeping its interned names and groups, and makes it keep ordinals when
// ords is set, bits otherwise.
func (k *keyIndex) reset(ords bool) {
	k.release()
	clear(k.spans)
	k.sparse = nil
	k.shift = 5
	if ords {
		k.shift = 0
	}
}

// release frees the pool.
func (k *keyIndex) release() {
	unmapSlice(k.pool)
	k.pool, k.unused = nil, 0
}

// idTable is a set of 64-bit run-id hashes, each with the ordinal of the episode it came
// from, or (hashesOnly) without it. The hash's top byte picks one of 256 parts, each an
// open-addressing table with linear probing, grown by a quarter at 7/8 full (so 70–88%
// full): a growth copies a part, 1/256 of the slots, so the table never holds twice its
// size as one flat array would while it grows. A hash match is only a candidate: find has
// it confirmed (two run ids may share a hash), so that a collision never refuses a valid
// episode.
type idTable struct {
	parts      [256]idPart
	hashesOnly bool
}

// idPart's slots hold the hashes (0: an empty slot, so a hash of 0 is kept as 1), and
// ords, unless hashesOnly, the ordinal of each; both mapSlice'd, no pointer.
type idPart struct {
	slots []uint64
	ords  []uint32
	n     int
}

// slotHash is h as a slot holds it.
func slotHash(h uint64) uint64 { return max(h, 1) }

// home is where h's probe starts in its part: the hash's bits below the top byte, scaled
// to the part's size.
func (p *idPart) home(h uint64) int {
	i, _ := bits.Mul64(h<<8, uint64(len(p.slots)))
	return int(i)
}

// find returns the ordinal of the entry of hash h that same confirms, trying every entry
// of that hash in turn. With hashesOnly, a hash there is found, unconfirmed, without an
// ordinal.
func (t *idTable) find(h uint64, same func(ord uint32) (bool, error)) (uint32, bool, error) {
	h = slotHash(h)
	p := &t.parts[h>>56]
	if len(p.slots) == 0 {
		return 0, false, nil
	}
	for i := p.home(h); ; {
		s := p.slots[i]
		if s == 0 {
			return 0, false, nil
		}
		if s == h {
			if t.hashesOnly {
				return 0, true, nil
			}
			if ok, err := same(p.ords[i]); ok || err != nil {
				return p.ords[i], ok, err
			}
		}
		if i++; i == len(p.slots) {
			i = 0
		}
	}
}

// add adds hash h with ordinal ord.
func (t *idTable) add(h uint64, ord uint32) {
	h = slotHash(h)
	p := &t.parts[h>>56]
	if (p.n+1)*8 > len(p.slots)*7 {
		old, ords := p.slots, p.ords
		p.slots = mapSlice[uint64](max(16, len(old)+len(old)/4))
		if !t.hashesOnly {
			p.ords = mapSlice[uint32](len(p.slots))
		}
		for i, s := range old {
			if s != 0 {
				var o uint32
				if ords != nil {
					o = ords[i]
				}
				p.put(s, o)
			}
		}
		unmapSlice(old)
		unmapSlice(ords)
	}
	p.put(h, ord)
	p.n++
}

// put puts hash h in its place, with ordinal ord when ordinals are kept.
func (p *idPart) put(h uint64, ord uint32) {
	j := p.home(h)
	for p.slots[j] != 0 {
		if j++; j == len(p.slots) {
			j = 0
		}
	}
	p.slots[j] = h
	if p.ords != nil {
		p.ords[j] = ord
	}
}

// reset empties t, and makes it keep ordinals when ords is set, hashes only otherwise.
func (t *idTable) reset(ords bool) {
	t.release()
	t.hashesOnly = !ords
}

// release frees the parts.
func (t *idTable) release() {
	for i := range t.parts {
		p := &t.parts[i]
		unmapSlice(p.slots)
		unmapSlice(p.ords)
		*p = idPart{}
	}
}
