package view

import (
	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/jsonv"
	"github.com/sabench/sabench-stats/oracle"
)

// recordEvents is the id of the block [type, call, tool, args] of each of rec's events:
// what refEvents (detail_ref_test.go) and encodeDetail give, strings interned in the same order, but each
// event's arguments are written into a scratch buffer and copied only when the case has
// not seen them (most episodes repeat their case's reads), and an event the case has seen
// takes its block id from the memo (memo.go).
func recordEvents(s *dict, b *blockDict, rec *jsonv.Object) []int {
	list, _ := rec.List("events")
	evs := make([]int, 0, len(list))
	for _, raw := range list {
		o, _ := raw.(*jsonv.Object)
		typ, call, tool := "?", "", ""
		args, has := raw, true
		if o != nil {
			typ, call, tool = pyField(o, "type"), pyField(o, "call_id"), pyField(o, "tool")
			args, has = o.Get("arguments")
			if turn := turnLabel[typ]; turn != "" && !has {
				// A conversation turn (τ-bench records): its words stand where a call's
				// arguments would, after who spoke.
				tool = turn
				args, has = o.Get("content")
			}
		}
		// The key (memo.go) ends with the arguments' text, "" when absent (canonical JSON
		// is never empty, and s.id("") is their id), so it needs no length.
		key := keyStr(keyStr(keyStr(append(b.key[:0], memoEvent), typ), call), tool)
		at := len(key)
		if has {
			key = jsonv.AppendCanonical(key, args, false)
		}
		b.key = key
		k, id, ok := b.recall()
		if !ok {
			id = b.ints(s.id(typ), s.id(call), s.id(tool), s.idBytes(key[at:]))
			b.memo.put(k, id)
		}
		evs = append(evs, id)
	}
	return evs
}

// pyField is o[k] as the timeline shows it: PyStr of the value, "" when absent.
func pyField(o *jsonv.Object, k string) string {
	if v, ok := o.Get(k); ok {
		return jsonv.PyStr(v)
	}
	return ""
}

// turnLabel names the speaker of a conversation turn event.
var turnLabel = map[string]string{"USER_MESSAGE": "user:", "AGENT_MESSAGE": "agent:"}

// failedReads is the flat [event, sentence, …] of rec's reads that answered with an error
// and so established nothing, with the oracle's sentence (oracle.FailedReadWhy, which
// explain's chain prints too): none for a protocol where such a read still counts.
func failedReads(rec *jsonv.Object, p ingest.Protocol) (events []int, whys []string) {
	if rec == nil {
		return nil, nil
	}
	list, _ := rec.List("events")
	for i, raw := range list {
		o, _ := raw.(*jsonv.Object)
		if o == nil || pyField(o, "type") != "INFO_CALL" {
			continue
		}
		if why := oracle.FailedReadWhy(p, pyField(o, "tool_status")); why != "" {
			events, whys = append(events, i), append(whys, why)
		}
	}
	return events, whys
}
