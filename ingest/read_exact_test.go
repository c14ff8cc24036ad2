package ingest

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"testing"
)

// mapSlice keeps a slice of a page or more outside the Go heap (where the platform maps
// memory), and growSlice moves it across mappings, keeping what it held and zeroing what
// it adds.
func TestMapSliceGrowthAcrossMappings(t *testing.T) {
	heap := func() int64 {
		runtime.GC()
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		return int64(ms.HeapAlloc)
	}
	if mapBytes(minMapped) != nil { // a platform with mappings (the leak of one page is the test's)
		before := heap()
		s := mapSlice[uint64](1 << 20)
		s[len(s)-1] = 7
		if grew := heap() - before; grew > 1<<20 {
			t.Errorf("an 8 MiB mapSlice grew the heap by %d bytes; want it outside the heap", grew)
		}
		unmapSlice(s)
	}
	var s []uint32
	for i := range 300_000 {
		if i%7 == 0 {
			s = growSlice(s, 7)
			for j := i; j < i+7; j++ {
				if s[j] != 0 {
					t.Fatalf("element %d added as %d, want 0", j, s[j])
				}
			}
		}
		s[i] = uint32(i) ^ 0x5a5a
	}
	s = s[:300_000]
	for i, v := range s {
		if v != uint32(i)^0x5a5a {
			t.Fatalf("element %d is %d after the moves, want %d", i, v, uint32(i)^0x5a5a)
		}
	}
	unmapSlice(s)
}

// The tables the checks keep outside the heap hold no pointer: the collector does not see
// into a mapping.
func TestOffHeapTablesHoldNoPointers(t *testing.T) {
	var p idPart
	var k keyIndex
	for _, typ := range []reflect.Type{reflect.TypeOf(p.slots).Elem(), reflect.TypeOf(p.ords).Elem(), reflect.TypeOf(k.pool).Elem()} {
		if holdsPointers(typ) {
			t.Errorf("%v holds pointers", typ)
		}
	}
}

// The run-id table keeping hashes only, through its growths into mappings: every hash
// added is found, no other (spread hashes), and a hash shared by two run ids is found as
// a candidate, whatever the run id: a candidate is not a duplicate until checked.
func TestIDTableHashesOnly(t *testing.T) {
	tab := idTable{hashesOnly: true}
	defer tab.release()
	hash := func(i int) uint64 { return uint64(i) * 0x9e3779b97f4a7c15 }
	never := func(uint32) (bool, error) { t.Fatal("same called without ordinals"); return false, nil }
	n := 200_000
	for i := range n {
		if _, found, _ := tab.find(hash(i), never); found {
			t.Fatalf("hash %d found before it was added", i)
		}
		tab.add(hash(i), 0)
	}
	for i := range n {
		if _, found, _ := tab.find(hash(i), never); !found {
			t.Fatalf("hash %d lost", i)
		}
		if _, found, _ := tab.find(hash(n+i), never); found {
			t.Fatalf("hash %d found, never added", n+i)
		}
	}
	if p := tab.parts[0]; p.ords != nil || len(p.slots)*8 < minMapped {
		t.Errorf("part 0: %d slots, ordinals %v; want over a page of slots and no ordinals", len(p.slots), p.ords != nil)
	}
	// 0 and 1 share a slot value: found as candidates of each other.
	tab.add(0, 0)
	if _, found, _ := tab.find(1, never); !found {
		t.Error("hash 1 not a candidate after hash 0 was added")
	}
}

// The key index keeping bits against a map, over many groups and every kind of repeat,
// through the spans' growth and the pool's compaction; widened (reset with ordinals) it
// keeps ordinals for the same groups.
func TestKeyBitsMatchAMap(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	k := newKeyBits()
	defer k.release()
	want := map[Key]bool{}
	for i := range 40000 {
		rep := rng.IntN(200)
		switch rng.IntN(20) {
		case 0:
			rep = -1 - rng.IntN(3)
		case 1:
			rep = 1000 + rng.IntN(1<<30)
		}
		key := Key{Config: fmt.Sprint("m", rng.IntN(5)), CaseID: fmt.Sprint("c", rng.IntN(200)), Condition: "main", Repeat: rep}
		e := &Episode{Config: key.Config, CaseID: key.CaseID, Condition: key.Condition, Repeat: key.Repeat}
		r := k.ref(e)
		if _, ok := k.get(r); ok != want[key] {
			t.Fatalf("step %d, key %v: found %v, want %v", i, key, ok, want[key])
		}
		k.set(r, uint32(i))
		want[key] = true
	}
	live, used := 0, 0
	for _, s := range k.spans {
		live += int(s.n)
		used += int(s.used)
	}
	if len(k.pool) > live*4/3+1 || live*32 > 3*used+32*len(k.spans) || len(k.sparse) == 0 {
		t.Errorf("pool %d words for %d live, %d repeats set in spans, %d sparse: want at most a quarter more, about 2 bits a repeat, some sparse",
			len(k.pool), live, used, len(k.sparse))
	}
	groups := len(k.spans)
	k.reset(true)
	e := &Episode{Config: "m1", CaseID: "c3", Condition: "main", Repeat: 5}
	r := k.ref(e)
	if _, ok := k.get(r); ok || len(k.spans) != groups {
		t.Fatalf("after reset: found %v, %d groups (want none found, %d groups)", ok, len(k.spans), groups)
	}
	k.set(r, 41)
	if o, ok := k.get(r); !ok || o != 41 {
		t.Errorf("after reset with ordinals: %d, %v; want 41", o, ok)
	}
}

// writeLines writes a JSONL file of the lines.
func writeLines(t *testing.T, lines []string) string {
	p := filepath.Join(t.TempDir(), "e.jsonl")
	if err := os.WriteFile(p, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// The first repeat of a key comes late, after the bit index grew and moved, with blank and
// bad lines before it: the checks turn exact then (not before), and the problem names the
// first place; the next repeat names its own first place without another turn.
func TestFirstPlaceFoundAfterTheBitIndex(t *testing.T) {
	var lines []string
	for i := range 3000 {
		switch i % 97 {
		case 5:
			lines = append(lines, "")
		case 9:
			lines = append(lines, `{"run_id":`)
		}
		lines = append(lines, miniEpisode(fmt.Sprint("r", i), i))
	}
	lines = append(lines, miniEpisode("x1", 1234), miniEpisode("x2", 77))
	p := writeLines(t, lines)
	first := func(repeat int) int {
		for i, l := range lines {
			if strings.Contains(l, fmt.Sprintf(`"repeat":%d,`, repeat)) {
				return i + 1
			}
		}
		return 0
	}
	for _, dedupe := range []string{DedupeNone, DedupeFirst} {
		r, err := OpenEpisodes(p, ReadOptions{Dedupe: dedupe})
		if err != nil {
			t.Fatal(err)
		}
		rr := r.(*runsReader)
		for n := 0; n < 3000; {
			if _, err := r.Next(); err == nil {
				n++
			} else if AsProblems(err) == nil || !strings.Contains(err.Error(), "invalid JSON") {
				t.Fatal(err)
			}
		}
		if rr.exact || len(rr.runIDs.parts[0].ords) != 0 {
			t.Fatalf("%q: the checks keep ordinals before any repeat", dedupe)
		}
		got, probs := collect(t, r)
		if !rr.exact {
			t.Errorf("%q: not exact after a repeat", dedupe)
		}
		var msgs []string
		for _, pr := range append(probs, r.Reported()...) {
			msgs = append(msgs, pr.String())
		}
		what := "first seen at"
		if dedupe == DedupeFirst {
			what = "dropped: --dedupe first keeps"
		}
		want := []string{
			fmt.Sprintf(`%s:%d: duplicate episode key (config "c/h", case_id "SAB-V1-001", repeat 1234, condition "main"); %s %s:%d`, p, len(lines)-1, what, p, first(1234)),
			fmt.Sprintf(`%s:%d: duplicate episode key (config "c/h", case_id "SAB-V1-001", repeat 77, condition "main"); %s %s:%d`, p, len(lines), what, p, first(77)),
		}
		if len(got) != 0 || strings.Join(msgs, "\n") != strings.Join(want, "\n") {
			t.Errorf("%q: %d more episodes, problems:\n%s\nwant none and\n%s", dedupe, len(got), strings.Join(msgs, "\n"), strings.Join(want, "\n"))
		}
		r.Close()
	}
}

// A key read three times: --dedupe last keeps the third and names it for the first two,
// --dedupe first keeps the first and names it for the others; a run id shared with
// another key is reported against the episode kept.
func TestDedupeOfAKeyReadThreeTimes(t *testing.T) {
	lines := []string{
		miniEpisode("a", 1), miniEpisode("b", 2), miniEpisode("a2", 1), miniEpisode("c", 3),
		miniEpisode("a3", 1), miniEpisode("a3", 4), miniEpisode("d", 5),
	}
	p := writeLines(t, lines)
	key := `duplicate episode key (config "c/h", case_id "SAB-V1-001", repeat 1, condition "main"); `
	for _, c := range []struct {
		dedupe string
		kept   string
		want   []string
	}{
		{DedupeLast, "2 4 5 7", []string{
			fmt.Sprintf("%s:1: %sdropped: --dedupe last keeps %s:5", p, key, p),
			fmt.Sprintf("%s:3: %sdropped: --dedupe last keeps %s:5", p, key, p),
			fmt.Sprintf(`%s:6: run_id: duplicate run_id "a3" (run ids are unique within a release); dropped: --dedupe keeps the first, %s:5`, p, p),
		}},
		{DedupeFirst, "1 2 4 6 7", []string{
			fmt.Sprintf("%s:3: %sdropped: --dedupe first keeps %s:1", p, key, p),
			fmt.Sprintf("%s:5: %sdropped: --dedupe first keeps %s:1", p, key, p),
		}},
	} {
		r, err := OpenEpisodes(p, ReadOptions{Dedupe: c.dedupe})
		if err != nil {
			t.Fatal(err)
		}
		eps, probs := collect(t, r)
		var kept, msgs []string
		for _, e := range eps {
			kept = append(kept, fmt.Sprint(e.Line))
		}
		for _, pr := range r.Reported() {
			msgs = append(msgs, pr.String())
		}
		if lo := r.(*runsReader).lastOf; c.dedupe == DedupeLast && len(lo) != 1 {
			t.Errorf("last: %d keys kept with their last place, want the one read more than once", len(lo))
		}
		r.Close()
		if len(probs) != 0 || strings.Join(kept, " ") != c.kept || strings.Join(msgs, "\n") != strings.Join(c.want, "\n") {
			t.Errorf("%q: kept lines %v, problems %v, reported:\n%s\nwant lines %s, reported:\n%s", c.dedupe, kept, probs,
				strings.Join(msgs, "\n"), c.kept, strings.Join(c.want, "\n"))
		}
	}
}

// A valid input whose run ids all share a hash: every episode is kept (a candidate is read
// again and found another run id), and a real repeat among them is still refused.
func TestHashCollisionsNeverRefuseValidInput(t *testing.T) {
	var lines []string
	for i := range 40 {
		lines = append(lines, miniEpisode(fmt.Sprint("r", i), i))
	}
	p := writeLines(t, lines)
	r, err := OpenEpisodes(p, ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	r.(*runsReader).idHash = func(string) uint64 { return 99 }
	eps, probs := collect(t, r)
	r.Close()
	if len(eps) != 40 || len(probs) != 0 {
		t.Fatalf("%d episodes kept, problems %v; want all 40", len(eps), probs)
	}
	p = writeLines(t, append(lines, miniEpisode("r7", 40)))
	r, _ = OpenEpisodes(p, ReadOptions{})
	r.(*runsReader).idHash = func(string) uint64 { return 99 }
	eps, probs = collect(t, r)
	r.Close()
	want := fmt.Sprintf(`%s:41: run_id: duplicate run_id "r7" (run ids are unique within a release); first seen at %s:8`, p, p)
	if len(eps) != 40 || len(probs) != 1 || probs[0].String() != want {
		t.Errorf("%d episodes kept, problems %v; want 40 and\n%s", len(eps), probs, want)
	}
}

// Close frees the tables; reading on is an error, not a read that misses duplicates.
func TestNextAfterClose(t *testing.T) {
	p := writeLines(t, []string{miniEpisode("a", 1), miniEpisode("b", 2)})
	r, _ := OpenEpisodes(p, ReadOptions{})
	if _, err := r.Next(); err != nil {
		t.Fatal(err)
	}
	r.Close()
	if _, err := r.Next(); err == nil || AsProblems(err) != nil {
		t.Errorf("Next after Close: %v", err)
	}
	if err := r.Close(); err != nil {
		t.Errorf("a second Close: %v", err)
	}
}
