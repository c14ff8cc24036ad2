package analysis

import (
	"math"
	"testing"

	"github.com/sabench/sabench-stats/bootstrap"
)

// TestOfficialRatesSharePassKDraw: the official table (ks 1) and official_passk (ks 1–8)
// print the same quantity, the reward's and authorized success's rate over the shared
// τ-bench trajectories (25 tasks × 4 trials: the rate is pass^1), each from a draw of its
// own: the authorized interval's upper bound read 62.0 in one and 62.025 in the other.
// Both now come from one draw of the configuration's tasks, whatever ks are asked for.
func TestOfficialRatesSharePassKDraw(t *testing.T) {
	rel := tauAirlineRelease(t, nil)
	o := DefaultStatOptions()
	official, err := rel.OfficialVsOracle(rel.Main(), []int{1}, o)
	if err != nil || len(official) != 1 {
		t.Fatalf("%+v %v", official, err)
	}
	passk, err := rel.OfficialVsOracle(rel.Main(), []int{1, 2, 3, 4, 5, 8}, o)
	if err != nil || len(passk) != 1 || passk[0].PassK[0].K != 1 {
		t.Fatalf("%+v %v", passk, err)
	}
	same := func(what string, a, b Estimate) {
		t.Helper()
		if math.Abs(a.X-b.X) > 1e-12 || math.Abs(a.Lo-b.Lo) > 1e-12 || math.Abs(a.Hi-b.Hi) > 1e-12 || math.IsNaN(a.Lo) {
			t.Errorf("%s: %v [%v, %v] and %v [%v, %v]", what, a.X, a.Lo, a.Hi, b.X, b.Lo, b.Hi)
		}
	}
	r, p := official[0], passk[0]
	same("reward rate (official) and pass^1 (official_passk)", r.Official, p.PassK[0].Official)
	same("authorized rate (official) and pass^1 (official_passk)", r.Oracle, p.PassK[0].Oracle)
	same("reward rate in both", r.Official, p.Official)
	same("authorized rate in both", r.Oracle, p.Oracle)
	same("reward pass^1 in both", r.PassK[0].Official, p.PassK[0].Official)
}

// TestSharedRatesZeroHasWilson: a rate the official draw finds 0% in every resample (a
// pass^k no task reaches) was shown without an interval (degenerate), where T2 and the
// variance table give a 0% or 100% rate the Wilson score interval over its units; the
// variance table now takes the official draw's interval, so the two must agree. Zero of 25
// tasks at 95%: Wilson [0, z²/(25 + z²)] = [0, 0.1332] (scipy's norm.ppf(0.975) = 1.95996).
func TestSharedRatesZeroHasWilson(t *testing.T) {
	num, den := make([]float64, 25), make([]float64, 25)
	for i := range den {
		den[i] = 1
	}
	est, err := sharedRates([]bootstrap.Ratio{{Num: num, Den: den}}, "test/zero", DefaultStatOptions())
	if err != nil {
		t.Fatal(err)
	}
	z := 1.959963984540054
	if e := est[0]; e.X != 0 || e.Lo != 0 || math.Abs(e.Hi-z*z/(25+z*z)) > 1e-9 {
		t.Errorf("0 of 25: %v [%v, %v] %v, want 0 [0, %.4f]", e.X, e.Lo, e.Hi, e.Warnings, z*z/(25+z*z))
	}
}
