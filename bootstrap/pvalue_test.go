package bootstrap

import (
	"math"
	"testing"
)

// TestPercentilePValue checks the counts by hand: with replicates 1..9 and null 2.5, two
// replicates are below, so p = 2·(2+1)/(9+1) = 0.6; null 0 has none below: 2/10; a null in
// the middle is capped at 1, and a replicate equal to the null counts as below (null 2: 1 and 2).
func TestPercentilePValue(t *testing.T) {
	reps := []float64{1, 2, 3, 4, 5, 6, 7, 8, 9, math.NaN()}
	for _, c := range []struct{ null, want float64 }{{2.5, 0.6}, {0, 0.2}, {10, 0.2}, {5, 1}, {2, 0.6}} {
		if got := PercentilePValue(reps, c.null); math.Abs(got-c.want) > 1e-15 {
			t.Errorf("null %v: p = %v, want %v", c.null, got, c.want)
		}
	}
	if p := PercentilePValue([]float64{math.NaN()}, 0); !math.IsNaN(p) {
		t.Errorf("no finite replicate: p = %v, want NaN", p)
	}
}
