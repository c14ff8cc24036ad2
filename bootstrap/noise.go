package bootstrap

import (
	"fmt"
	"math"
)

// NoiseFloor is the run-to-run noise of one configuration over repeated episodes of its
// cases: how often two repeats of a case disagree, how much of an episode's variance is
// between cases (ICC) and between templates, and the standard deviation of its rate that
// repeat noise alone gives. Differences between configurations well inside a few of these
// standard deviations are below the floor.
type NoiseFloor struct {
	Rate float64
	// FlipRate is the probability that two repeats of one case disagree, the mean over
	// cases of 2·c(n−c)/(n(n−1)) (twice the within-case variance W); NaN without a case of
	// two repeats.
	FlipRate float64
	// Within and Between are W (the mean within-case variance of one episode) and the
	// variance across cases of the true per-case rate (the observed rates' variance less
	// the mean W/n they hold, floored at 0).
	Within, Between float64
	// ICC is Between/(Between + Within): the within-case correlation of repeats.
	ICC float64
	// TemplateICC is the correlation of two cases' true rates within a template,
	// covariance/Between (NaN with templates of one case, a single template or no
	// between-case variance).
	TemplateICC float64
	// RunSD is the standard deviation of the rate from repeat noise alone, √(W/(n·r̄)):
	// two runs of the configuration on the same cases differ by about √2 of it.
	RunSD                    float64
	Cases, Repeats, Clusters int
}

// EstimateNoise estimates a configuration's noise floor from per-case successes and scored
// repeats (n[i] ≥ 1) and each case's template label (the moments of EstimatePaired, for
// one arm).
func EstimateNoise(succ, n, cluster []int) (NoiseFloor, error) {
	f := NoiseFloor{FlipRate: math.NaN(), ICC: math.NaN(), TemplateICC: math.NaN(), RunSD: math.NaN()}
	if len(succ) != len(n) || len(n) != len(cluster) {
		return f, fmt.Errorf("bootstrap: noise floor: %d successes, %d counts, %d templates", len(succ), len(n), len(cluster))
	}
	if len(n) < 2 {
		return f, fmt.Errorf("bootstrap: noise floor: %d cases, want at least 2", len(n))
	}
	var s, tot float64
	var ws []float64
	y := make([]float64, len(n))
	for i := range n {
		if n[i] < 1 || succ[i] < 0 || succ[i] > n[i] {
			return f, fmt.Errorf("bootstrap: noise floor: case %d has %d of %d", i, succ[i], n[i])
		}
		s, tot = s+float64(succ[i]), tot+float64(n[i])
		y[i] = float64(succ[i]) / float64(n[i])
		if n[i] >= 2 {
			ws = append(ws, within(succ[i], n[i]))
		}
	}
	f.Rate, f.Cases = s/tot, len(n)
	f.Repeats = int(math.Round(tot / float64(len(n))))
	cov, templates, _ := templateCov(y, cluster)
	f.Clusters = templates
	if len(ws) == 0 {
		return f, nil
	}
	f.Within = mean(ws)
	var noise float64
	for i := range n {
		noise += withinOr(succ[i], n[i], f.Within) / float64(n[i])
	}
	// A difference within rounding of the observed variance is none: its residue (1e-18)
	// would make the template ICC, a ratio over it, astronomically large.
	v := variance(y)
	if f.Between = v - noise/float64(len(n)); f.Between <= roundingSpread*v {
		f.Between = 0
	}
	f.FlipRate = 2 * f.Within
	f.ICC = ratio(f.Between, f.Between+f.Within)
	// One template gives no estimate: its cases' deviations are from its own mean, so their
	// cross-products are −Σe² and the ratio −1/n by construction.
	if templates >= 2 && templates < len(n) {
		f.TemplateICC = ratio(cov, f.Between)
	}
	f.RunSD = math.Sqrt(f.Within / tot)
	return f, nil
}
