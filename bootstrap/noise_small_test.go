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

// The variance table's M4/Inspect on the ten real cases (nine V0–V3, the two linked by a
// record in one derived cluster): rates 1/3 and 2/3 in that cluster, mean 1/3, so the
// one cross-product within a cluster is (1/3 − 1/3)·(2/3 − 1/3) = 0 and the template ICC
// is exactly 0 (Python fractions). It printed −4.2153780466236407e-16 in CSV and JSON, the
// rounding residue of 1/3 − mean(…); numpy's float64 gives the same residue.
func TestNoiseFloorTemplateCovarianceRoundsToZero(t *testing.T) {
	f, err := EstimateNoise([]int{1, 0, 3, 0, 2, 0, 1, 1, 1}, []int{3, 3, 3, 2, 3, 2, 3, 3, 3}, []int{0, 1, 2, 3, 0, 4, 5, 6, 7})
	if err != nil {
		t.Fatal(err)
	}
	if f.TemplateICC != 0 || math.Signbit(f.TemplateICC) {
		t.Errorf("template ICC %g, want 0", f.TemplateICC)
	}
	if f.Between <= 0 {
		t.Errorf("between-case variance %g, want > 0 (the ICC is defined)", f.Between)
	}
}
