package bootstrap

import "math"

// PercentilePValue is the two-sided bootstrap p-value of H0: θ = null from the replicates of
// θ̂, the one that inverts the percentile interval: p = min(1, 2·min(#{θ* ≤ null}+1,
// #{θ* ≥ null}+1)/(B+1)) over the B finite replicates (Davison & Hinkley 1997, §4.4: the +1
// counts the observed data as one replicate, so p is never 0 and at least 2/(B+1)). The
// null is rejected at level α exactly when it lies outside the percentile interval at
// level 1−α, up to the quantile interpolation. NaN without finite replicates.
func PercentilePValue(reps []float64, null float64) float64 {
	var below, above, n float64
	for _, v := range reps {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			continue
		}
		n++
		if v <= null {
			below++
		}
		if v >= null {
			above++
		}
	}
	if n == 0 {
		return math.NaN()
	}
	return math.Min(1, 2*math.Min(below+1, above+1)/(n+1))
}
