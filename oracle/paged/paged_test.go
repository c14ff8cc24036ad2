package paged

import "testing"

// Elements keep their values and addresses across pages as the array grows.
func TestArrayGrowsWithoutMoving(t *testing.T) {
	var a Array[uint32]
	const n = 3*pageLen + 5
	var first *uint32
	for i := uint32(0); i < n; i++ {
		a.Grow(i)
		*a.At(i) = i * 7
		if i == 0 {
			first = a.At(0)
		}
	}
	for i := uint32(0); i < n; i++ {
		if got := *a.At(i); got != i*7 {
			t.Fatalf("element %d = %d, want %d", i, got, i*7)
		}
	}
	if a.At(0) != first {
		t.Error("element 0 moved when the array grew")
	}
	if got := len(*a.dir.Load()); got != 4 {
		t.Errorf("%d pages, want 4", got)
	}
}
