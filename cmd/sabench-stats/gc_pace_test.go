package main

import (
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"testing"
	"time"
)

// gogc is the collector's current pace (GOGC), read without changing it.
func gogc() uint64 {
	s := []metrics.Sample{{Name: "/gc/gogc:percent"}}
	metrics.Read(s)
	return s[0].Value.Uint64()
}

// TestStartPace: the heap may reach startHeap before the first collection, and the
// command's pace holds from the collection on.
func TestStartPace(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	startPace(123)
	if got, want := gogc(), uint64(startHeap/(4<<20)*100); got != want {
		t.Fatalf("before the first collection GOGC is %d, want %d", got, want)
	}
	for deadline := time.Now().Add(5 * time.Second); gogc() != 123 && time.Now().Before(deadline); {
		runtime.GC()
		time.Sleep(time.Millisecond)
	}
	if got := gogc(); got != 123 {
		t.Fatalf("after a collection GOGC is %d, want the command's 123", got)
	}
}
