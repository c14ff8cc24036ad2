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
// in reading order, the same in both passes of DedupeLast. What each check keeps per
// episode is an ordinal (4 bytes) and, for run ids, a 64-bit hash; the places come back
// from the ordinals (places), and a run id from reading its episode again (runsReader.runIDAt).

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

// keyIndex maps episode keys to an ordinal, exactly: the configuration, condition and case
// strings are interned (they are few), and each (configuration, condition, case) group
// keeps a span of the pool indexed by repeat. Repeats far from a group's others (negative,
// or past twice the group's count) go to a map instead, so that a span stays at most about
// twice what it holds.
type keyIndex struct {
	configs, conditions, cases map[string]uint32
	groups                     map[[3]uint32]uint32 // → index in spans
	spans                      []repeatSpan
	pool                       []uint32 // ordinal+1 of each repeat of a span; 0: none
	unused                     int      // pool entries of spans that moved
	sparse                     map[keyRef]uint32
}

// repeatSpan is a group's repeats 0..n-1, at pool[off:off+n]; used of them are set. The
// pool stays under 2^32 entries (past that, repeats go to the map).
type repeatSpan struct {
	off, n, used uint32
}

// keyRef is an episode key with its strings interned: its group, and its repeat.
type keyRef struct {
	group  uint32
	repeat int
}

func newKeyIndex() *keyIndex {
	return &keyIndex{configs: map[string]uint32{}, conditions: map[string]uint32{}, cases: map[string]uint32{},
		groups: map[[3]uint32]uint32{}}
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

// get returns the ordinal set for key r.
func (k *keyIndex) get(r keyRef) (uint32, bool) {
	if s := k.spans[r.group]; r.repeat >= 0 && r.repeat < int(s.n) {
		if v := k.pool[int(s.off)+r.repeat]; v != 0 {
			return v - 1, true
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

// set sets key r's ordinal (a later set of the same key overrides: DedupeLast's pass).
func (k *keyIndex) set(r keyRef, ord uint32) {
	s := &k.spans[r.group]
	if n := int(s.n); r.repeat >= n && r.repeat < 2*(int(s.used)+1)+spanSlack {
		k.grow(s, r.repeat+1)
	}
	if r.repeat >= 0 && r.repeat < int(s.n) {
		at := int(s.off) + r.repeat
		if k.pool[at] == 0 {
			s.used++
		}
		k.pool[at] = ord + 1
		return
	}
	if k.sparse == nil {
		k.sparse = map[keyRef]uint32{}
	}
	k.sparse[r] = ord
}

// grow makes span s hold at least need repeats, by half again its size, at most twice its
// count (plus the slack). A span at the pool's end grows in place; another moves there,
// and the pool is compacted when more than a quarter of it is left behind.
func (k *keyIndex) grow(s *repeatSpan, need int) {
	old := int(s.n)
	n := min(max(need, old+old/2+1), 2*(int(s.used)+1)+spanSlack)
	move := int(s.off)+old != len(k.pool)
	if int64(len(k.pool))+int64(old+n) > math.MaxUint32 {
		return // the repeat goes to the map
	}
	if move {
		k.pool = append(k.pool, k.pool[s.off:int(s.off)+old]...)
		k.unused += old
		s.off = uint32(len(k.pool) - old)
	}
	k.pool = append(k.pool, make([]uint32, n-old)...)
	s.n = uint32(n)
	if k.unused > len(k.pool)/4 {
		pool := make([]uint32, 0, len(k.pool)-k.unused)
		for i := range k.spans {
			t := &k.spans[i]
			off := len(pool)
			pool = append(pool, k.pool[t.off:t.off+t.n]...)
			t.off = uint32(off)
		}
		k.pool, k.unused = pool, 0
	}
}

// idTable is a set of 64-bit run-id hashes, each with the ordinal of the episode it came
// from. The hash's top byte picks one of 256 parts, each an open-addressing table with
// linear probing over fixed-size slots, grown by a quarter at 7/8 full (so 70–88% full):
// a growth copies a part, 1/256 of the slots, so the table never holds twice its size as
// one flat array would while it grows. A hash match is only a candidate: find has it
// confirmed (two run ids may share a hash), so that a collision never refuses a valid
// episode.
type idTable struct {
	parts [256]idPart
}

type idPart struct {
	slots []idSlot
	n     int
}

// idSlot is a hash and its ordinal plus one (0: an empty slot); 12 bytes, no pointer.
type idSlot struct {
	hi, lo, ord uint32
}

func (s idSlot) hash() uint64 { return uint64(s.hi)<<32 | uint64(s.lo) }

// home is where h's probe starts in its part: the hash's bits below the top byte, scaled
// to the part's size.
func (p *idPart) home(h uint64) int {
	i, _ := bits.Mul64(h<<8, uint64(len(p.slots)))
	return int(i)
}

// find returns the ordinal of the entry of hash h that same confirms, trying every entry
// of that hash in turn.
func (t *idTable) find(h uint64, same func(ord uint32) (bool, error)) (uint32, bool, error) {
	p := &t.parts[h>>56]
	if len(p.slots) == 0 {
		return 0, false, nil
	}
	hi, lo := uint32(h>>32), uint32(h)
	for i := p.home(h); ; {
		s := p.slots[i]
		if s.ord == 0 {
			return 0, false, nil
		}
		if s.hi == hi && s.lo == lo {
			if ok, err := same(s.ord - 1); ok || err != nil {
				return s.ord - 1, ok, err
			}
		}
		if i++; i == len(p.slots) {
			i = 0
		}
	}
}

// add adds hash h with ordinal ord.
func (t *idTable) add(h uint64, ord uint32) {
	p := &t.parts[h>>56]
	if (p.n+1)*8 > len(p.slots)*7 {
		old := p.slots
		p.slots = make([]idSlot, max(16, len(old)+len(old)/4))
		for _, s := range old {
			if s.ord != 0 {
				p.put(s)
			}
		}
	}
	p.put(idSlot{hi: uint32(h >> 32), lo: uint32(h), ord: ord + 1})
	p.n++
}

func (p *idPart) put(s idSlot) {
	i := p.home(s.hash())
	for p.slots[i].ord != 0 {
		if i++; i == len(p.slots) {
			i = 0
		}
	}
	p.slots[i] = s
}
