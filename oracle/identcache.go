package oracle

import (
	"hash/maphash"
	"sync/atomic"
)

// Identity interns each episode's labels. Looked up together, they hardly repeat (the
// configuration, the case variant, the condition and the status: 21,035 combinations in
// the 34,147 episodes of the built-in release, so a cache of whole combinations missed
// nearly always and each miss cost ten lookups in the shared tables); looked up group by
// group they take few values each. So each group has a small set-associative cache of the
// table's own copies of its strings: configurations and the condition and status labels
// process-wide, case identities per prepared case. An entry is replaced whole (an atomic
// pointer), so concurrent scorers read a consistent entry; a collision only costs the
// lookups a hit saves.

// tripleSlot is an interned triple with the table's copies of its strings.
type tripleSlot struct {
	a, b, c string
	id      uint32
}

// labelSlot is an interned label with the table's copy of it.
type labelSlot struct {
	s  string
	id sym
}

// slotSet is one set of a cache: a few entries (ways), so that two values that hash
// alike (a release's few conditions and statuses share one cache) both stay; a miss
// replaces the ways in turn.
type slotSet[T any] struct {
	ways [slotWays]atomic.Pointer[T]
	next atomic.Uint32
}

// store puts e in the set's next way.
func (s *slotSet[T]) store(e *T) { s.ways[s.next.Add(1)%slotWays].Store(e) }

const (
	slotWays      = 4
	cfgSetCount   = 32
	labelSetCount = 16
	caseSetCount  = 2
)

var (
	slotSeed  = maphash.MakeSeed()
	cfgSets   [cfgSetCount]slotSet[tripleSlot]
	labelSets [labelSetCount]slotSet[labelSlot]
)

func setOf(s string, n int) int { return int(maphash.String(slotSeed, s) % uint64(n)) }

// findTriple returns the id of set's entry for (a, b, c), if it has one.
func findTriple(set *slotSet[tripleSlot], a, b, c string) (uint32, bool) {
	for i := range set.ways {
		if e := set.ways[i].Load(); e != nil && e.a == a && e.b == b && e.c == c {
			return e.id, true
		}
	}
	return 0, false
}

// cachedCfg is internCfg through the configuration cache.
func cachedCfg(config, model, harness string) uint32 {
	set := &cfgSets[setOf(config, cfgSetCount)]
	if id, ok := findTriple(set, config, model, harness); ok {
		return id
	}
	id := internCfg(config, model, harness)
	k := cfgKeys.get(id)
	set.store(&tripleSlot{k.config.String(), k.model.String(), k.harness.String(), id})
	return id
}

// cachedCase is internCase through the case's own cache (its variants).
func (p *Prepared) cachedCase(id, base, domain string) uint32 {
	set := &p.caseSets[setOf(id, caseSetCount)]
	if key, ok := findTriple(set, id, base, domain); ok {
		return key
	}
	key := internCase(id, base, domain)
	k := caseKeys.get(key)
	set.store(&tripleSlot{k.id.String(), k.base.String(), k.domain.String(), key})
	return key
}

// cachedLabel is internLabel through the label cache (conditions and statuses).
func cachedLabel(s string) sym {
	if s == "" {
		return 0
	}
	set := &labelSets[setOf(s, labelSetCount)]
	for i := range set.ways {
		if e := set.ways[i].Load(); e != nil && e.s == s {
			return e.id
		}
	}
	id := internLabel(s)
	set.store(&labelSlot{id.String(), id})
	return id
}
