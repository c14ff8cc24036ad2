package bootstrap

import (
	"math"
	"testing"
)

// The rank correlations are undefined (NaN) below two pairs, as scipy 1.10's kendalltau and
// spearmanr give nan there; an empty input must not reach the merge sort (it indexed src[0]).
func TestRankCorrelationsBelowTwoPairs(t *testing.T) {
	for _, x := range [][]float64{nil, {3}} {
		tau, err := KendallTauB(x, x)
		if err != nil || !math.IsNaN(tau) {
			t.Errorf("KendallTauB(%v) = %v, %v; want NaN", x, tau, err)
		}
		rho, err := Spearman(x, x)
		if err != nil || !math.IsNaN(rho) {
			t.Errorf("Spearman(%v) = %v, %v; want NaN", x, rho, err)
		}
	}
}

// A draw that leaves an item of either leaderboard without episodes (its denominator sums to
// 0) has no ranking: both correlations are NaN, dropped and counted as undefined, rather than
// a number computed with 0/0 ranked as a tie.
func TestRankCorrelationsUndefinedItem(t *testing.T) {
	full := []Ratio{{[]float64{1, 0, 0}, []float64{1, 1, 1}}, {[]float64{0, 1, 0}, []float64{1, 1, 1}}, {[]float64{0, 1, 1}, []float64{1, 1, 1}}}
	// item 0 has episodes only in unit 0; the weights (0, 1, 1) leave it 0/0
	holed := []Ratio{{[]float64{1, 0, 0}, []float64{1, 0, 0}}, {[]float64{1, 1, 0}, []float64{1, 1, 1}}, {[]float64{0, 0, 1}, []float64{1, 1, 1}}}
	w := []float64{0, 1, 1}
	for _, c := range []struct {
		name string
		a, b []Ratio
	}{{"a holed", holed, full}, {"b holed", full, holed}} {
		st, err := RankCorrelations(c.a, c.b)
		if err != nil {
			t.Fatal(err)
		}
		out := []float64{0, 0}
		st(w, out)
		if !math.IsNaN(out[0]) || !math.IsNaN(out[1]) {
			t.Errorf("%s: τ-b, ρ = %v, want NaN, NaN", c.name, out)
		}
		// At equal weights every item is defined: a sanity check that the holed input ranks.
		st([]float64{1, 1, 1}, out)
		if math.IsNaN(out[0]) || math.IsNaN(out[1]) {
			t.Errorf("%s at equal weights: %v, want numbers", c.name, out)
		}
	}
}
