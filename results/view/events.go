package view

import "github.com/sabench/sabench-stats/ingest/jsonv"

// recordEvents is the id of the block [type, call, tool, args] of each of rec's events:
// what refEvents (detail_ref_test.go) and encodeDetail give, strings interned in the same order, but each
// event's arguments are written into a scratch buffer and copied only when the case has
// not seen them (most episodes repeat their case's reads).
func recordEvents(s *dict, b *blockDict, rec *jsonv.Object) []int {
	list, _ := rec.List("events")
	evs := make([]int, 0, len(list))
	for _, raw := range list {
		o, _ := raw.(*jsonv.Object)
		var typ, call, tool int
		args := raw
		if o != nil {
			typ, call, tool = s.id(pyField(o, "type")), s.id(pyField(o, "call_id")), s.id(pyField(o, "tool"))
			a, ok := o.Get("arguments")
			if !ok {
				evs = append(evs, b.ints(typ, call, tool, s.id("")))
				continue
			}
			args = a
		} else {
			typ, call, tool = s.id("?"), s.id(""), s.id("")
		}
		b.text = jsonv.AppendCanonical(b.text[:0], args, false)
		evs = append(evs, b.ints(typ, call, tool, s.idBytes(b.text)))
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
