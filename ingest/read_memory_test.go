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
// streaming read grows by: a fixed-size hash and position, never a string of the episode
// (a run id clone, or a key pointing into decoder memory).
func TestDuplicateChecksKeepFixedSizeEntries(t *testing.T) {
	var r runsReader
	for _, m := range []struct {
		name string
		typ  reflect.Type
	}{{"seen", reflect.TypeOf(r.seen)}, {"runIDs", reflect.TypeOf(r.runIDs)}, {"last", reflect.TypeOf(r.last)}} {
		for _, x := range []reflect.Type{m.typ.Key(), m.typ.Elem()} {
			if holdsPointers(x) || x.Size() > 16 {
				t.Errorf("runsReader.%s: %v holds %d bytes (pointers: %v); want a fixed-size entry of at most 16 bytes without pointers", m.name, x, x.Size(), holdsPointers(x))
			}
		}
	}
}
