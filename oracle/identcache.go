package oracle

import (
	"hash/maphash"
	"sync/atomic"
)

// Identity interns each episode's labels. Looked up together, they hardly repeat (the
// configuration, the case variant, the condition and the status: 21,035 combinations in
// the 34,147 episodes of the built-in release, so a cache of whole combinations missed
// nearly always and each miss cost ten lookups in the shared tables); looked up group by
// group they take few values each. So each group has a small direct-mapped cache of the
// table's own copies of its strings: configurations and the condition and status labels
// process-wide, case identities per prepared case. A slot is replaced whole (an atomic
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

const (
	cfgSlotCount   = 64
	labelSlotCount = 32
	caseSlotCount  = 8
)

var (
	slotSeed   = maphash.MakeSeed()
	cfgSlots   [cfgSlotCount]atomic.Pointer[tripleSlot]
	labelSlots [labelSlotCount]atomic.Pointer[labelSlot]
)

func slotOf(s string, n int) int { return int(maphash.String(slotSeed, s) % uint64(n)) }

// cachedCfg is internCfg through the configuration cache.
func cachedCfg(config, model, harness string) uint32 {
	slot := &cfgSlots[slotOf(config, cfgSlotCount)]
	if e := slot.Load(); e != nil && e.a == config && e.b == model && e.c == harness {
		return e.id
	}
	id := internCfg(config, model, harness)
	k := cfgKeys.get(id)
	slot.Store(&tripleSlot{k.config.String(), k.model.String(), k.harness.String(), id})
	return id
}

// cachedCase is internCase through the case's own cache (its variants).
func (p *Prepared) cachedCase(id, base, domain string) uint32 {
	slot := &p.caseSlots[slotOf(id, caseSlotCount)]
	if e := slot.Load(); e != nil && e.a == id && e.b == base && e.c == domain {
		return e.id
	}
	key := internCase(id, base, domain)
	k := caseKeys.get(key)
	slot.Store(&tripleSlot{k.id.String(), k.base.String(), k.domain.String(), key})
	return key
}

// cachedLabel is internLabel through the label cache (conditions and statuses).
func cachedLabel(s string) sym {
	if s == "" {
		return 0
	}
	slot := &labelSlots[slotOf(s, labelSlotCount)]
	if e := slot.Load(); e != nil && e.s == s {
		return e.id
	}
	id := internLabel(s)
	slot.Store(&labelSlot{id.String(), id})
	return id
}
