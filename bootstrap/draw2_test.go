package bootstrap

import (
	"math"
	"testing"
)

// TestDraw2MatchesDraw: the two-replicate chain gives each replicate the counts draw gives it,
// at the report's shapes and at one where classes run out of units before the last.
func TestDraw2MatchesDraw(t *testing.T) {
	shapes := [][]int{{1, 1, 1, 1, 1, 1, 1, 1, 40}}
	for _, sh := range reportShapes {
		shapes = append(shapes, shapeSizes(sh[0], sh[1]))
	}
	for _, sizes := range shapes {
		mn := newMultinomial(sizes)
		if mn == nil {
			t.Fatalf("sizes %v: no chain", sizes)
		}
		a, b := make([]float64, len(sizes)), make([]float64, len(sizes))
		wa, wb := make([]float64, len(sizes)), make([]float64, len(sizes))
		for i := range 2000 {
			sa, sb := ReplicateSeed(7, 2*i), ReplicateSeed(7, 2*i+1)
			mn.draw2(sa, sb, a, b)
			mn.draw(sa, wa)
			mn.draw(sb, wb)
			for k := range sizes {
				if a[k] != wa[k] || b[k] != wb[k] {
					t.Fatalf("sizes %v, pair %d, class %d: draw2 %v and %v, draw %v and %v", sizes, i, k, a[k], b[k], wa[k], wb[k])
				}
			}
		}
	}
}

// TestResamplePairsEveryReplicate: with the chain drawing replicates two at a time, every
// replicate (an odd count, so a block ends on one drawn alone; several workers) is the
// statistic at the counts draw gives its seed.
func TestResamplePairsEveryReplicate(t *testing.T) {
	sizes := shapeSizes(570, 16)
	var num, den []float64
	for k, s := range sizes {
		for range s {
			num, den = append(num, float64(k%5)), append(den, float64(1+k%3))
		}
	}
	s, err := SumRatios(Ratio{num, den})
	if err != nil {
		t.Fatal(err)
	}
	plan := planClasses(s)
	if plan == nil || plan.mn == nil {
		t.Fatal("the shape is not drawn by the chain")
	}
	for _, workers := range []int{1, 3} {
		opt := Options{Resamples: 201, Seed: 4, Stream: "pairs", Workers: workers}
		res, err := ResampleSums(s, opt)
		if err != nil {
			t.Fatal(err)
		}
		base := StreamSeed(opt.Seed, opt.Stream)
		c, out := make([]float64, len(plan.sizes)), make([]float64, 1)
		stat := plan.stat.perWorker()
		for b, got := range res.Replicates(0) {
			plan.draw(ReplicateSeed(base, b), c)
			stat(c, out)
			if math.Float64bits(got) != math.Float64bits(out[0]) {
				t.Fatalf("workers %d, replicate %d: %v, want %v", workers, b, got, out[0])
			}
		}
	}
}
