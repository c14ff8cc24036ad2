package view

import (
	"testing"

	"github.com/zeebo/xxh3"
)

// The table gives back every id put, through growth, and tells apart keys that share
// their slot or their low 64 bits.
func TestTable(t *testing.T) {
	var tb table
	if _, ok := tb.get(xxh3.HashString128("x")); ok {
		t.Fatal("empty table found a key")
	}
	keys := make([]textKey, 0, 5000)
	for i := range 5000 {
		k := xxh3.HashString128(string(rune(i)) + "key")
		keys = append(keys, k)
		tb.put(k, i)
	}
	// Same slot, different key: probing goes on past it. Same Lo, a different high half
	// of Hi: a different key (the table keeps 96 bits).
	same := textKey{Lo: keys[0].Lo + uint64(len(tb.slots)), Hi: keys[0].Hi}
	half := textKey{Lo: keys[1].Lo, Hi: keys[1].Hi ^ 1<<63}
	tb.put(same, 5000)
	tb.put(half, 5001)
	keys = append(keys, same, half)
	if 4*tb.n > 3*len(tb.slots) || tb.n != len(keys) {
		t.Errorf("%d entries in %d slots", tb.n, len(tb.slots))
	}
	for i, k := range keys {
		if id, ok := tb.get(k); !ok || id != i {
			t.Fatalf("key %d: id %d, %v", i, id, ok)
		}
	}
	if _, ok := tb.get(textKey{Lo: keys[2].Lo, Hi: keys[2].Hi ^ 1<<3}); !ok {
		t.Error("a key differing only in the dropped bits of Hi was not found as the same key")
	}
	if _, ok := tb.get(xxh3.HashString128("absent")); ok {
		t.Error("an absent key was found")
	}
}
