package oracle

import "github.com/sabench/sabench-stats/ingest/jsonv"

// objSlab hands out the objects and lists a walk builds for canonical action arguments (an
// action's arguments with its result references rewritten, refCtx.visit), from buffers a
// scratch reuses episode after episode: nothing of a walk's state outlives its episode's
// verdict (the memos that hold canonical arguments are reset with the slab), and a fresh
// object, keys and values per rewritten level were most of scoring's allocations. A walk
// with detail uses the slab too: its Detail keeps only strings rendered from them.
type objSlab struct {
	objs []jsonv.Object
	keys []string
	vals []any
}

// reset drops the last episode's objects (and their references into its record).
func (s *objSlab) reset() {
	clear(s.objs)
	clear(s.keys)
	clear(s.vals)
	s.objs, s.keys, s.vals = s.objs[:0], s.keys[:0], s.vals[:0]
}

// object returns an empty object with room for n keys. A buffer that has to grow moves to
// a new array; objects handed out before keep the old one, which nothing writes again.
func (s *objSlab) object(n int) *jsonv.Object {
	if s == nil {
		return &jsonv.Object{Keys: make([]string, 0, n), Values: make([]any, 0, n)}
	}
	s.objs = grow(s.objs)
	o := &s.objs[len(s.objs)-1]
	k, v := len(s.keys), len(s.vals)
	s.keys, s.vals = append(s.keys, make([]string, n)...), append(s.vals, make([]any, n)...)
	o.Keys, o.Values = s.keys[k:k:k+n], s.vals[v:v:v+n]
	return o
}

// list returns a list of n nils.
func (s *objSlab) list(n int) []any {
	if s == nil {
		return make([]any, n)
	}
	v := len(s.vals)
	s.vals = append(s.vals, make([]any, n)...)
	return s.vals[v : v+n : v+n]
}
