package bootstrap

import "testing"

// Rule (R's norm.inter, boot package): with R replicates the α-quantile is the (R+1)α-th
// order statistic, and "extreme order statistics used as endpoints" is warned unless
// 1 < (R+1)α < R. The boundaries themselves are extreme: with R = 19, α = 0.05 gives
// (R+1)α = 1 exactly (the smallest replicate) and α = 0.95 gives 19 = R (the largest);
// R = 20 moves both inside (1.05 and 19.95).
func TestQuantileRExtremeBoundary(t *testing.T) {
	seq := func(n int) []float64 {
		x := make([]float64, n)
		for i := range x {
			x[i] = float64(i + 1)
		}
		return x
	}
	for _, tc := range []struct {
		n       int
		alpha   float64
		want    float64 // the order statistic R returns where (R+1)α is an integer
		extreme bool
	}{
		{19, 0.05, 1, true},  // (R+1)α = 1: the first order statistic
		{19, 0.95, 19, true}, // (R+1)α = R: the last
		{39, 0.05, 2, false}, // (R+1)α = 2
		{39, 0.95, 38, false},
		{20, 0.05, -1, false}, // 1.05: interpolated, inside
		{20, 0.95, -1, false}, // 19.95
	} {
		q, extreme := Quantile(seq(tc.n), tc.alpha, QuantileR)
		if extreme != tc.extreme {
			t.Errorf("R=%d α=%v: extreme %v, want %v", tc.n, tc.alpha, extreme, tc.extreme)
		}
		if tc.want >= 0 && q != tc.want {
			t.Errorf("R=%d α=%v: quantile %v, want %v", tc.n, tc.alpha, q, tc.want)
		}
	}
}
