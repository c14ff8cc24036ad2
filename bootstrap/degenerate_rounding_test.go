package bootstrap

import (
	"math"
	"slices"
	"testing"
)

// Replicates that are equal but for the rounding of sums taken in different orders (a
// resample's weights group the same per-unit value 2/3 differently) have no interval:
// a zero-width [x, x] would look like certainty, as with exactly equal replicates.
func TestReplicatesEqualButForRoundingAreDegenerate(t *testing.T) {
	third := 2.0 / 3
	var reps []float64
	for _, w := range [][]float64{{1, 1, 1, 1, 1, 1, 1, 1, 1}, {3, 0, 2, 0, 1, 0, 1, 2, 0}, {0, 4, 0, 0, 2, 0, 3, 0, 0}, {2, 2, 0, 1, 0, 1, 0, 1, 2}} {
		var s float64
		for _, x := range w {
			s += x * third
		}
		reps = append(reps, s/9)
	}
	if slices.Min(reps) == slices.Max(reps) {
		t.Fatal("the replicates are exactly equal; the test needs rounding noise")
	}
	for _, m := range []Method{Percentile, Basic, BCa} {
		var iv Interval
		var err error
		switch m {
		case Percentile:
			iv, err = PercentileInterval(reps, 0.95, QuantileScipy)
		case Basic:
			iv, err = BasicInterval(reps, third, 0.95, QuantileScipy)
		default:
			iv, err = BCaInterval(reps, third, []float64{third, third, third}, 0.95, QuantileScipy)
		}
		if err != nil {
			t.Fatal(err)
		}
		if !math.IsNaN(iv.Lo) || !math.IsNaN(iv.Hi) || !iv.Has(WarnDegenerate) {
			t.Errorf("%v: got [%v, %v] %v, want no interval with a degenerate warning", m, iv.Lo, iv.Hi, iv.Warnings)
		}
	}
	// A spread well above rounding is an interval.
	iv, err := PercentileInterval([]float64{0.5, 0.5 + 1e-6, 0.5 + 2e-6}, 0.95, QuantileScipy)
	if err != nil || math.IsNaN(iv.Lo) || iv.Has(WarnDegenerate) {
		t.Errorf("a spread of 2e-6: got %+v, %v; want an interval", iv, err)
	}
}
