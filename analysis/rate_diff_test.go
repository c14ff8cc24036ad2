package analysis

import "testing"

// TestRateDiffRoundsOnce: a paired Δ is the difference of two rates; subtracting the
// rounded rates left 0.6 − 0.56 = 0.039999999999999925 for 15/25 − 14/25 (τ-bench trials
// 0 and 1, official's Δ under tau-lenient, written 3.99999999999999 in CSV), where the
// exact 1/25 has the float 0.04. Computed in integers, it is rounded once.
func TestRateDiffRoundsOnce(t *testing.T) {
	for _, c := range []struct {
		a, b Rate
		want float64
	}{
		{Rate{15, 25}, Rate{14, 25}, 0.04},
		{Rate{2, 27}, Rate{3, 27}, -1.0 / 27},
		{Rate{1, 3}, Rate{1, 6}, 1.0 / 6},
		{Rate{0, 5}, Rate{0, 7}, 0},
	} {
		if got := rateDiff(c.a, c.b); got != c.want {
			t.Errorf("%v − %v = %v, want %v", c.a, c.b, got, c.want)
		}
	}
	if got := rateDiff(Rate{1, 2}, Rate{}); got == got {
		t.Errorf("a rate without trials gave %v, want NaN", got)
	}
}

// Counts whose denominators' product passes 2^53 (1e8 trials each: 100000007·100000037 ≈
// 1.0e16) take the subtraction of the rates, each rounded once: 1/100000007 − 0 is the float
// nearest 1/100000007, 9.99999930000005e-09 (python3: float(Fraction(1, 100000007))). Put
// through the integer path, the product rounded to a float first gave 9.999999300000048e-09.
func TestRateDiffLargeCounts(t *testing.T) {
	if got, want := rateDiff(Rate{1, 100000007}, Rate{0, 100000037}), 9.99999930000005e-09; got != want {
		t.Errorf("1/100000007 − 0/100000037 = %v, want %v", got, want)
	}
	// float(Fraction(12345, 100000007) − Fraction(678, 100000037)), which the subtraction of
	// the two rounded rates gives as well
	if got, want := rateDiff(Rate{12345, 100000007}, Rate{678, 100000037}), 0.00011666999386709968; got != want {
		t.Errorf("12345/100000007 − 678/100000037 = %v, want %v", got, want)
	}
	// Denominators whose product lies in [2^52, 2^53) (67173015·67155676 ≈ 4.51e15) are
	// still exact in a float, so the integer path holds and rounds once: python3
	// float(Fraction(3415285, 67173015) − Fraction(1235465, 67155676)) = 0.03244607993095481;
	// the subtraction of the two rounded rates gives 0.0324460799309548 (an exact bound lowered
	// to 2^52 took it)
	if got, want := rateDiff(Rate{3415285, 67173015}, Rate{1235465, 67155676}), 0.03244607993095481; got != want {
		t.Errorf("3415285/67173015 − 1235465/67155676 = %v, want %v", got, want)
	}
	// the percentage the score summary prints: 1/8 = 12.5%
	if got := (Rate{1, 8}).Pct(); got != 12.5 {
		t.Errorf("Pct of 1/8 = %v, want 12.5", got)
	}
}
