package oracle

import (
	"fmt"
	"strings"
	"sync"
	"unsafe"

	"github.com/sabench/sabench-stats/oracle/paged"
)

// Interning keeps a verdict free of pointers: its strings are 32-bit ids into process-wide,
// append-only tables. A million verdicts then hold no string headers for the garbage
// collector to scan and no references into decoder memory (each string is copied once).
// The label tables never shrink: they hold the distinct labels of every input scored in
// the process (a few thousand). Run ids and usages are per episode, stored without a lookup
// map; a stream that keeps no verdict gives them back (Verdict.Release) for later episodes
// to reuse, so that they hold the episodes in flight, not every episode read. A reused
// slot gets a new generation, and a verdict carries the generation it was stored under, so
// that reading a released episode through a copy fails loudly (episodeRef.load) instead of
// returning a later episode's run id.

// table maps values to dense ids and back. Reads of an id that was handed out are
// lock-free (the id reached the reader through whatever published the verdict).
// The values are kept in a paged.Array.
type table[T comparable] struct {
	mu   sync.Mutex
	ids  sync.Map // T → uint32, only for deduplicating tables
	n    uint32
	free []uint32 // released ids, reused first (run ids and usages only)
	vals paged.Array[T]
}

func (t *table[T]) get(i uint32) T { return *t.slot(i) }

// slot is where id i's value is kept; i was handed out.
func (t *table[T]) slot(i uint32) *T { return t.vals.At(i) }

// add stores x (already owned by the table) under a released id or a new one and returns
// the id; t.mu is held.
func (t *table[T]) add(x T) uint32 {
	if n := len(t.free); n > 0 {
		i := t.free[n-1]
		t.free = t.free[:n-1]
		*t.slot(i) = x
		return i
	}
	i := t.n
	if i == ^uint32(0) {
		panic("oracle: more than 2^32-1 interned values in one table")
	}
	t.vals.Grow(i)
	*t.slot(i) = x
	t.n++
	return i
}

// release gives id back for reuse, dropping its value (id 0, the empty value, stays).
func (t *table[T]) release(i uint32) {
	if i == 0 {
		return
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	var zero T
	*t.slot(i) = zero
	t.free = append(t.free, i)
}

// intern returns the id of x, adding own(x) on first sight.
func (t *table[T]) intern(x T, own func(T) T) uint32 {
	if id, ok := t.ids.Load(x); ok {
		return id.(uint32)
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if id, ok := t.ids.Load(x); ok {
		return id.(uint32)
	}
	x = own(x)
	id := t.add(x)
	t.ids.Store(x, id)
	return id
}

// arena copies strings into shared chunks, so that many short strings cost one allocation.
type arena struct {
	buf []byte
}

const arenaChunk = 1 << 20

// clone copies s into the arena (the caller holds the lock that guards the arena).
func (a *arena) clone(s string) string {
	if len(s) == 0 {
		return ""
	}
	if len(s) > arenaChunk/16 {
		return strings.Clone(s)
	}
	if cap(a.buf)-len(a.buf) < len(s) {
		a.buf = make([]byte, 0, arenaChunk)
	}
	off := len(a.buf)
	a.buf = append(a.buf, s...)
	return unsafe.String(&a.buf[off], len(s))
}

// sym is an interned label; id 0 is "".
type sym uint32

var (
	labels     table[string]
	labelArena arena
	episodes   table[episode]
	cfgKeys    table[cfgKey]
	caseKeys   table[caseKey]
	usages     table[Usage]
)

// Id 0 of every table is the empty value, so that the zero Verdict reads as empty.
func init() {
	labels.intern("", same[string])
	episodes.add(episode{})
	cfgKeys.intern(cfgKey{}, same[cfgKey])
	caseKeys.intern(caseKey{}, same[caseKey])
	usages.add(Usage{})
}

// episode is what is stored per episode: its run id, its usage (an id in usages; 0: it
// reported none, which costs no entry) and the slot's generation, which Release advances.
type episode struct {
	run   string
	usage uint32
	gen   uint32
}

// episodeRef is a verdict's reference to its episode's slot: the slot and the generation
// it was stored under. The zero episodeRef is the empty episode.
type episodeRef struct{ id, gen uint32 }

// storeEpisode stores an episode's run id and usage without deduplication: each episode
// has its own. The run id is a copy of its own (not in an arena), so that a released one is
// freed, and a string read from the table before stays valid.
func storeEpisode(run string, u Usage) episodeRef {
	e := episode{run: strings.Clone(run)}
	if u != (Usage{}) {
		usages.mu.Lock()
		e.usage = usages.add(u)
		usages.mu.Unlock()
	}
	episodes.mu.Lock()
	defer episodes.mu.Unlock()
	if n := len(episodes.free); n > 0 {
		// A released slot keeps the generation its release advanced to.
		i := episodes.free[n-1]
		e.gen = episodes.get(i).gen
		episodes.free = episodes.free[:n-1]
		*episodes.slot(i) = e
		return episodeRef{i, e.gen}
	}
	return episodeRef{episodes.add(e), 0}
}

// load returns r's episode, and panics when its slot was released since r was stored: a
// copy of a released verdict would otherwise read a later episode's run id and usage.
func (r episodeRef) load() episode {
	e := episodes.get(r.id)
	if e.gen != r.gen {
		panic(fmt.Sprintf("oracle: verdict read after its episode was released (Verdict.Release on a copy of it, or on a verdict of the same episode under another policy); slot %d is at generation %d, the verdict holds %d", r.id, e.gen, r.gen))
	}
	return e
}

// release gives r's slot and usage back for reuse and advances the slot's generation, so
// that every other reference to it fails loudly; releasing a stale reference panics.
func (r episodeRef) release() {
	if r.id == 0 {
		return
	}
	episodes.mu.Lock()
	slot := episodes.slot(r.id)
	e := *slot
	if e.gen != r.gen {
		episodes.mu.Unlock()
		panic(fmt.Sprintf("oracle: Verdict.Release of a verdict whose episode was already released (slot %d at generation %d, the verdict holds %d)", r.id, e.gen, r.gen))
	}
	*slot = episode{gen: e.gen + 1}
	episodes.free = append(episodes.free, r.id)
	episodes.mu.Unlock()
	usages.release(e.usage)
}

func internLabel(s string) sym {
	if s == "" { // id 0 (init); most verdicts have no exclusion reason or failure type
		return 0
	}
	return sym(labels.intern(s, labelArena.clone))
}

// labelCache remembers labels one goroutine interned (a scratch's), so that the few
// labels every verdict repeats (outcomes, failure types) skip the shared map's hash and
// lookup. It holds the table's own copies, never the caller's strings (no references into
// decoder memory). A nil cache interns through the shared map.
type labelCache [16]struct {
	s  string
	id sym
}

func (c *labelCache) intern(s string) sym {
	if s == "" || c == nil {
		return internLabel(s)
	}
	e := &c[(len(s)+int(s[0])+int(s[len(s)-1]))&15]
	if e.s == s {
		return e.id
	}
	e.id = internLabel(s)
	e.s = e.id.String()
	return e.id
}

func (s sym) String() string { return labels.get(uint32(s)) }

// cfgKey is a configuration with its model and harness, interned as one id.
type cfgKey struct{ config, model, harness sym }

// caseKey is a case id with its base id and domain, interned as one id.
type caseKey struct{ id, base, domain sym }

func same[T any](x T) T { return x }

func internCfg(config, model, harness string) uint32 {
	return cfgKeys.intern(cfgKey{internLabel(config), internLabel(model), internLabel(harness)}, same[cfgKey])
}

func internCase(id, base, domain string) uint32 {
	return caseKeys.intern(caseKey{internLabel(id), internLabel(base), internLabel(domain)}, same[caseKey])
}
