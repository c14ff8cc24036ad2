package ingest

import "github.com/zeebo/xxh3"

// DupCheck is the duplicate checks of an episode stream: has an episode key been met, has
// a run id. Until a key or a run-id hash comes twice it keeps a bit per key (interned
// configuration, condition and case groups, spans of a pool by repeat) and a 64-bit hash
// per run id, outside the Go heap (read_dups.go, offheap.go), so a valid input costs a few
// bytes per episode. A key met again is exact; a run-id hash met again may be another run
// id's, so a hash alone never refuses an episode: the caller then calls Exact, adds again
// the episodes before with their ordinals (numbers it gives them, in reading order), and
// confirms each candidate by reading its run id again. The episode reader (runsReader)
// and the Inspect stream both check with it.
type DupCheck struct {
	seen   *keyIndex
	runIDs idTable
	idHash func(string) uint64 // xxh3, or a narrower hash in tests, to force collisions
}

// NewDupCheck returns an empty check keeping bits and hashes. idHash hashes the run ids;
// nil is xxh3's 64-bit hash (tests pass a narrower one to force collisions).
func NewDupCheck(idHash func(string) uint64) *DupCheck {
	d := &DupCheck{}
	d.init(idHash)
	return d
}

func (d *DupCheck) init(idHash func(string) uint64) {
	if idHash == nil {
		idHash = xxh3.HashString
	}
	d.seen, d.idHash = newKeyBits(), idHash
	d.runIDs.hashesOnly = true
}

// Key reports whether e's key was added, and with Exact its ordinal.
func (d *DupCheck) Key(e *Episode) (ord uint32, seen bool) {
	return d.seen.get(d.seen.ref(e))
}

// RunID reports whether run id id may have been added: before Exact, whether a run id of
// the same hash was (same is not called); after, the ordinal of the one that same(ord)
// confirms is id.
func (d *DupCheck) RunID(id string, same func(ord uint32) (bool, error)) (ord uint32, seen bool, err error) {
	return d.runIDs.find(d.idHash(id), same)
}

// Add adds e's key and run id, with ordinal ord (kept after Exact only).
func (d *DupCheck) Add(e *Episode, ord uint32) {
	d.seen.set(d.seen.ref(e), ord)
	d.runIDs.add(d.idHash(e.RunID), ord)
}

// AddNew adds e's key and run id with ordinal ord when neither the key nor the run id's
// hash was added before, and reports whether it did; otherwise it adds nothing (the
// caller then makes the check Exact, or refuses e). Before Exact, it is Key, RunID and Add
// with the key and the hash each computed once.
func (d *DupCheck) AddNew(e *Episode, ord uint32) bool {
	k := d.seen.ref(e)
	if _, seen := d.seen.get(k); seen {
		return false
	}
	h := d.idHash(e.RunID)
	if _, seen, _ := d.runIDs.find(h, nil); seen {
		return false
	}
	d.seen.set(k, ord)
	d.runIDs.add(h, ord)
	return true
}

// Exact empties the check and makes it keep an ordinal with each key and run id.
func (d *DupCheck) Exact() {
	d.seen.reset(true)
	d.runIDs.reset(true)
}

// Close frees the tables; the check is empty after.
func (d *DupCheck) Close() {
	d.seen.reset(false)
	d.runIDs.release()
}
