package bootstrap

import (
	"math"
	"testing"
)

// Four cases of three repeats, one success in all: the observed rates' variance equals the
// repeat noise they hold, so the between-case variance is 0. It came out as the rounding
// residue 3.5e-18, and the template ICC, covariance over it, as 2·10^15.
func TestNoiseFloorBetweenCaseVarianceRoundsToZero(t *testing.T) {
	f, err := EstimateNoise([]int{0, 0, 1, 0}, []int{3, 3, 3, 3}, []int{0, 0, 1, 2})
	if err != nil {
		t.Fatal(err)
	}
	if f.Between != 0 || f.ICC != 0 || !math.IsNaN(f.TemplateICC) {
		t.Errorf("between %g, ICC %g, template ICC %g; want 0, 0 and none", f.Between, f.ICC, f.TemplateICC)
	}
}
