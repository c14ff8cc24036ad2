package bootstrap

import (
	"testing"

	"gonum.org/v1/gonum/stat/distuv"
)

// TestGuideInvertsTheCDF: where a guide row answers, it answers the inversion: for u just
// below and at each CDF step it returns the step's outcome (gonum's CDF), like the search.
func TestGuideInvertsTheCDF(t *testing.T) {
	for _, c := range binomialCases {
		g := newGuideTable(c.p, c.m-3, c.m+3)
		if g == nil {
			continue // too wide a window for a guide (the search serves it)
		}
		b := distuv.Binomial{N: float64(c.m), P: c.p}
		answered := 0
		for j := 0; j <= c.m; j++ {
			f, fPrev := b.CDF(float64(j)), b.CDF(float64(j-1))
			if f < 1e-12 || f > 1-1e-12 || f-fPrev < 1e-10 {
				continue
			}
			for _, u := range []float64{f - 1e-11, fPrev + 1e-11} {
				got, ok := g.draw(c.m, u)
				if !ok {
					continue
				}
				answered++
				if got != j {
					t.Fatalf("Binomial(%d, %g) at u = %.15g: guide %d, want %d", c.m, c.p, u, got, j)
				}
			}
		}
		if answered == 0 {
			t.Errorf("Binomial(%d, %g): the guide answered no u", c.m, c.p)
		}
	}
}

// TestGuideMatchesPMF: 200,000 seeded draws through a class with guide rows follow the pmf
// (χ², P = 0.001), and nearly all of them come from the rows.
func TestGuideMatchesPMF(t *testing.T) {
	const draws = 200_000
	for _, c := range binomialCases {
		cl := newChainClass(c.p, c.lo, c.lo+200)
		cl.guide = newGuideTable(c.p, c.m-2, c.m+2)
		if cl.guide == nil {
			continue
		}
		inv := reciprocals(c.m)
		counts := map[int]int{}
		fromRows := 0
		s := uint64(c.m)*7_000_003 + 5
		for range draws {
			s += golden
			u := uniform53(mix64(s))
			if _, ok := cl.guide.draw(c.m, u); ok {
				fromRows++
			}
			counts[cl.binomial(c.m, u, inv)]++
		}
		chi2, df := chiSquarePMF(counts, draws, c.m, c.p)
		if crit := chiSquareCritical(max(df, 1)); chi2 > crit {
			t.Errorf("Binomial(%d, %g): χ² = %.1f on %d df > %.1f", c.m, c.p, chi2, df, crit)
		}
		if fromRows < draws*99/100 {
			t.Errorf("Binomial(%d, %g): %d of %d draws from the guide rows", c.m, c.p, fromRows, draws)
		}
	}
}

// TestGuideAgreesWithSearch: on the benchmark's chain, the class counts with guide rows are
// the searches' (they invert the same CDF; only a u within rounding of a step could differ).
func TestGuideAgreesWithSearch(t *testing.T) {
	plan := planClasses(pairedSums(t))
	if plan == nil || plan.mn == nil {
		t.Fatal("no chain")
	}
	bare := *plan.mn
	bare.classes = append([]chainClass(nil), plan.mn.classes...)
	guided := 0
	for k := range bare.classes {
		if bare.classes[k].guide != nil {
			guided++
		}
		bare.classes[k].guide = nil
	}
	if guided < len(bare.classes)/2 {
		t.Fatalf("%d of %d classes have guide rows", guided, len(bare.classes))
	}
	a, b := make([]float64, len(plan.sizes)), make([]float64, len(plan.sizes))
	for r := range 20_000 {
		plan.mn.draw(ReplicateSeed(5, r), a)
		bare.draw(ReplicateSeed(5, r), b)
		for k := range a {
			if a[k] != b[k] {
				t.Fatalf("replicate %d, class %d: guide %v, search %v", r, k, a[k], b[k])
			}
		}
	}
}
