package analysis

import (
	"math/rand/v2"
	"testing"
)

// The exact sum does not depend on the order of the values, and rounds correctly where
// plain addition does not: 0.1 + 0.2 + 0.3 is 0.6000000000000001 added left to right,
// 0.6 exactly rounded (Python's math.fsum gives 0.6); 1e100 + 1 − 1e100 is 1.
func TestExactSum(t *testing.T) {
	sum := func(xs ...float64) float64 {
		var s exactSum
		v := 0.0
		for _, x := range xs {
			v = s.add(x)
		}
		return v
	}
	if got := sum(0.1, 0.2, 0.3); got != 0.6 {
		t.Errorf("0.1+0.2+0.3 = %v, want 0.6", got)
	}
	if got := sum(1e100, 1, -1e100); got != 1 {
		t.Errorf("1e100+1-1e100 = %v, want 1", got)
	}
	r := rand.New(rand.NewPCG(1, 2))
	xs := make([]float64, 5000)
	for i := range xs {
		xs[i] = r.Float64() * 0.3
	}
	want := sum(xs...)
	for k := 0; k < 5; k++ {
		r.Shuffle(len(xs), func(i, j int) { xs[i], xs[j] = xs[j], xs[i] })
		if got := sum(xs...); got != want {
			t.Fatalf("shuffle %d: %v, want %v", k, got, want)
		}
	}
}
