package bootstrap

import (
	"math"
	"testing"
)

// Reference: statsmodels 0.13.5 multipletests(p, method="holm" | "fdr_bh")[1], printed with
// repr(float(·)). The p-values include ties (0.04, 0.03 twice), 0 and 1.
func TestAdjustMatchesStatsmodels(t *testing.T) {
	p := []float64{0.01, 0.04, 0.03, 0.005, 0.04, 0.2, 0.03, 0.5, 1.0, 0.0}
	holm := []float64{0.08, 0.21, 0.21, 0.045, 0.21, 0.6000000000000001, 0.21, 1.0, 1.0, 0.0}
	bh := []float64{0.03333333333333333, 0.05714285714285715, 0.05714285714285715, 0.024999999999999998,
		0.05714285714285715, 0.25, 0.05714285714285715, 0.5555555555555556, 1.0, 0.0}
	checkAdjust(t, p, holm, bh)
}

// NaN p-values (a test that could not be run) stay NaN and leave the family, as R's
// p.adjust treats NA. Reference: statsmodels 0.13.5 multipletests on the non-NaN values
// [0.02 0.01 0.04 0.03], put back in place.
func TestAdjustNaN(t *testing.T) {
	nan := math.NaN()
	p := []float64{0.02, nan, 0.01, 0.04, nan, 0.03}
	checkAdjust(t, p, []float64{0.06, nan, 0.04, 0.06, nan, 0.06}, []float64{0.04, nan, 0.04, 0.04, nan, 0.04})
	all, err := Holm([]float64{nan, nan})
	if err != nil || !math.IsNaN(all[0]) || !math.IsNaN(all[1]) {
		t.Errorf("all NaN: %v, %v", all, err)
	}
	if out, err := BenjaminiHochberg(nil); err != nil || len(out) != 0 {
		t.Errorf("empty family: %v, %v", out, err)
	}
}

// Holm's products above 1 are capped at 1 (the statsmodels case above never exceeds 1
// before the cap). By hand, m = 3: 3·0.3 = 0.9, 2·0.6 = 1.2 → 1, 1·0.9 → max(1, 0.9) = 1
// (R's p.adjust(c(0.3, 0.6, 0.9), "holm") prints 0.9 1.0 1.0). BH's running minimum from
// p_(m) ≤ 1 never needs its cap: 0.9, 3·0.6/2 = 0.9, 3·0.3 = 0.9.
func TestAdjustCapAtOne(t *testing.T) {
	checkAdjust(t, []float64{0.3, 0.6, 0.9}, []float64{0.9, 1, 1}, []float64{0.9, 0.9, 0.9})
}

func checkAdjust(t *testing.T, p, holm, bh []float64) {
	t.Helper()
	gh, err := Holm(p)
	if err != nil {
		t.Fatal(err)
	}
	gb, err := BenjaminiHochberg(p)
	if err != nil {
		t.Fatal(err)
	}
	same := func(a, b float64) bool { return a == b || (math.IsNaN(a) && math.IsNaN(b)) }
	for i := range p {
		if !same(gh[i], holm[i]) && math.Abs(gh[i]-holm[i]) > 1e-15 {
			t.Errorf("holm[%d] = %.17g, want %.17g (statsmodels)", i, gh[i], holm[i])
		}
		if !same(gb[i], bh[i]) && math.Abs(gb[i]-bh[i]) > 1e-15 {
			t.Errorf("bh[%d] = %.17g, want %.17g (statsmodels)", i, gb[i], bh[i])
		}
	}
}
