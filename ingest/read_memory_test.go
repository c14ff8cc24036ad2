package ingest

import (
	"reflect"
	"testing"
)

// holdsPointers reports whether a value of type t refers to other memory (a string, a
// slice, a map, a pointer…), which would make it grow with what it was built from.
func holdsPointers(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Float32, reflect.Float64:
		return false
	case reflect.Array:
		return holdsPointers(t.Elem())
	case reflect.Struct:
		for i := range t.NumField() {
			if holdsPointers(t.Field(i).Type) {
				return true
			}
		}
		return false
	}
	return true
}

// The duplicate checks keep an entry per episode read, so what one entry holds is what a
// streaming read grows by: an ordinal, a hash, a place, never a string of the episode (a
// run id clone, or a key pointing into decoder memory).
func TestDuplicateChecksKeepFixedSizeEntries(t *testing.T) {
	var r runsReader
	var k keyIndex
	for _, m := range []struct {
		name string
		typ  reflect.Type
		max  uintptr
	}{
		{"keyIndex.pool", reflect.TypeOf(k.pool).Elem(), 4},
		{"runIDs.parts[].slots", reflect.TypeOf(r.runIDs.parts[0].slots).Elem(), 12},
		{"places.runs (one per run of lines)", reflect.TypeOf(r.places.runs).Elem(), 16},
		{"keyIndex.spans (one per group)", reflect.TypeOf(k.spans).Elem(), 24},
	} {
		if holdsPointers(m.typ) || m.typ.Size() > m.max {
			t.Errorf("%s: %v holds %d bytes (pointers: %v); want a fixed-size entry of at most %d bytes without pointers", m.name, m.typ, m.typ.Size(), holdsPointers(m.typ), m.max)
		}
	}
}
