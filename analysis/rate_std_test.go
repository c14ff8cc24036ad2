package analysis

import (
	"math"
	"testing"
)

// Equal values have sample SD 0 (numpy.std(ddof=1) of [0.1, 0.1, 0.1] is 0.0; by hand, every
// deviation is 0), though their float mean is 0.10000000000000002. The residue 1.7e-17 made
// a resampled SD interval of residues ([0, 1.36e-14] under --interval bca --clustered on
// three identical repeats) instead of a degenerate one.
func TestSampleStdEqualValuesIsZero(t *testing.T) {
	for _, xs := range [][]float64{{0.1, 0.1, 0.1}, {math.NaN(), 0.1, 0.1, 0.1}, {0.7, 0.7}} {
		if got := sampleStd(xs); got != 0 {
			t.Errorf("sampleStd(%v) = %v, want 0", xs, got)
		}
	}
	// Unequal values keep the formula: [0.1, 0.2, 0.3] has SD 0.1 (numpy.std(ddof=1)).
	if got := sampleStd([]float64{0.1, 0.2, 0.3}); math.Abs(got-0.1) > 1e-15 {
		t.Errorf("sampleStd([0.1 0.2 0.3]) = %v, want 0.1", got)
	}
	if got := sampleStd([]float64{math.NaN(), 0.1}); !math.IsNaN(got) {
		t.Errorf("sampleStd of one finite value = %v, want NaN", got)
	}
}
