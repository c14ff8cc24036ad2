package bootstrap

import "testing"

// A rate of 0 or 1 has the Wilson bound at that end exactly: the centre and the half-width
// are the same number in exact arithmetic (z²/2n over 1 + z²/n), and scipy's
// binomtest(k, n).proportion_ci(method="wilson") returns 0.0 and 1.0 for these (scipy 1.10.1,
// k, n, level as below). The float difference left residues such as 5.55e-15 (0 of 8 at
// level 0.999), printed in CSV and JSON as a lower bound above 0.
func TestWilsonEndsExact(t *testing.T) {
	for _, c := range []struct {
		k, n  int
		level float64
	}{{0, 8, 0.999}, {0, 3, 0.999}, {8, 8, 0.999}, {0, 2, 0.5}, {3, 3, 0.5}, {0, 20, 0.95}, {20, 20, 0.95}, {0, 1, 0.95}, {1, 1, 0.95}} {
		lo, hi, err := Wilson(c.k, c.n, c.level)
		if err != nil {
			t.Fatal(err)
		}
		if c.k == 0 && lo != 0 {
			t.Errorf("Wilson(%d, %d, %g) lo = %v, want 0 exactly", c.k, c.n, c.level, lo)
		}
		if c.k == c.n && hi != 1 {
			t.Errorf("Wilson(%d, %d, %g) hi = %v, want 1 exactly", c.k, c.n, c.level, hi)
		}
	}
}
