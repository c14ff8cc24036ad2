package view

import (
	"testing"

	"github.com/sabench/sabench-stats/ingest/jsonv"
)

// Events the memo must keep apart (same type, call and tool with other arguments;
// strings that meet at another boundary; absent, empty and null arguments; events that
// are not objects) get the blocks and strings the reference gives, in the same order,
// however often they repeat.
func TestRecordEventsMemo(t *testing.T) {
	records := []string{
		`{"events":[{"type":"INFO_CALL","call_id":"c","tool":"t","arguments":{"x":1}}]}`,
		`{"events":[{"type":"INFO_CALL","call_id":"c","tool":"t","arguments":{"x":1}},{"type":"INFO_CALL","call_id":"c","tool":"t","arguments":{"x":2}}]}`,
		`{"events":[{"type":"A","call_id":"ab","tool":"c"},{"type":"A","call_id":"a","tool":"bc"},{"type":"Aa","call_id":"b","tool":"c"}]}`,
		`{"events":[{"type":"A","tool":"t"},{"type":"A","tool":"t","arguments":""},{"type":"A","tool":"t","arguments":null},5,null,"A"]}`,
		`{"events":[{"type":"INFO_CALL","call_id":"c","tool":"t","arguments":{"x":2}},{"type":"NEW","call_id":"c","tool":"t","arguments":{"x":1}},{"type":"A","tool":"t"},null]}`,
	}
	s, b := newDict(), &blockDict{}
	rs, rb := newDict(), &refBlocks{idx: map[string]int{}}
	for _, text := range records {
		rec, err := jsonv.ParseObject([]byte(text))
		if err != nil {
			t.Fatal(err)
		}
		for round := range 2 {
			got := recordEvents(s, b, rec)
			var want []int
			for _, ev := range refEvents(rec) {
				want = append(want, rb.id([]int{rs.id(ev.Type), rs.id(ev.CallID), rs.id(ev.Tool), rs.id(ev.Args)}))
			}
			if len(got) != len(want) {
				t.Fatalf("%s (round %d): %v, reference %v", text, round, got, want)
			}
			for i := range got {
				if got[i] != want[i] {
					t.Fatalf("%s (round %d): %v, reference %v", text, round, got, want)
				}
			}
		}
	}
	if len(b.list) != len(rb.list) || len(s.list) != len(rs.list) {
		t.Fatalf("%d blocks, %d strings; reference %d, %d", len(b.list), len(s.list), len(rb.list), len(rs.list))
	}
	for i := range b.list {
		if b.list[i] != string(rb.list[i]) {
			t.Errorf("block %d: %s, reference %s", i, b.list[i], rb.list[i])
		}
	}
	for i := range s.list {
		if s.list[i] != rs.list[i] {
			t.Errorf("string %d: %q, reference %q", i, s.list[i], rs.list[i])
		}
	}
}

// Keys of distinct contents differ, whatever their strings' boundaries.
func TestMemoKeys(t *testing.T) {
	keys := [][]byte{
		keyStrs([]byte{memoRest}, []string{"ab", "c"}),
		keyStrs([]byte{memoRest}, []string{"a", "bc"}),
		keyStrs([]byte{memoRest}, []string{"abc"}),
		keyStrs([]byte{memoRest}, []string{"abc", ""}),
		keyStr(keyInt([]byte{memoFact}, -1), "x"),
		keyStr(keyInt([]byte{memoFact}, 1), "x"),
	}
	seen := map[string]int{}
	for i, k := range keys {
		if j, ok := seen[string(k)]; ok {
			t.Errorf("keys %d and %d are equal: %q", j, i, k)
		}
		seen[string(k)] = i
	}
}
