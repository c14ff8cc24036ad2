package bootstrap

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/stat/distuv"
)

// PairedComponents are the variance components of a paired comparison of two arms (A and
// B, e.g. two configurations) run on the same cases, each case r times per arm, cases
// grouped in templates. The per-case observed difference d_i = ȳ_Ai − ȳ_Bi has variance
//
//	Var(d_i) = τ² + (W_A + W_B)/r
//
// with τ² (BetweenDiff) the variance across cases of the true per-case difference and W
// the mean within-case variance of one repeat, p(1−p) averaged over cases; two cases of
// one template covary by TemplateCov. The mean difference over n cases in templates of
// (size-weighted) mean size m then has variance Var(d_i)·DEFF/n, DEFF = 1 + (m−1)·ρ_t,
// ρ_t = TemplateCov/Var(d_i) (the design effect of clustering; Kish 1965).
type PairedComponents struct {
	RateA, RateB       float64 // the arms' pooled success rates
	BetweenA, BetweenB float64 // variance across cases of each arm's true per-case rate
	WithinA, WithinB   float64 // mean within-case variance of one repeat's outcome
	BetweenDiff        float64 // τ²: variance across cases of the true per-case difference
	TemplateCov        float64 // covariance of two cases' differences within a template
	// The pilot's design (zero for stated rates): shared cases, repeats per arm (the mean,
	// rounded), templates and their size-weighted mean size Σm²/Σm.
	Cases, Repeats, Clusters int
	ClusterSize              float64
	// WithinKnown is false when no case had two repeats in both arms: the within-case
	// variance could not be separated from the between-case one (all of it is then taken as
	// between-case, and repeats cannot be planned).
	WithinKnown bool
}

// TemplatesKnown reports whether a pilot gives a within-template covariance to plan by:
// templates of two or more cases, and two or more templates. Within a single template the
// deviations are from that template's own mean, so their cross-products are −Σe² by
// construction, ρ_t about −1/n and the design effect about 1/n: an artefact, not an
// estimate.
func (c PairedComponents) TemplatesKnown() bool { return c.ClusterSize > 1 && c.Clusters >= 2 }

// Delta is the pilot's difference of rates, A − B.
func (c PairedComponents) Delta() float64 { return c.RateA - c.RateB }

// CaseVariance is Var(d_i) at r repeats per arm.
func (c PairedComponents) CaseVariance(r int) float64 {
	return c.BetweenDiff + (c.WithinA+c.WithinB)/float64(max(r, 1))
}

// ICC is the within-case correlation of two repeats of one arm (a = true for A): the share
// of an episode's variance that is between cases. NaN when the arm has no variance.
func (c PairedComponents) ICC(a bool) float64 {
	b, w := c.BetweenB, c.WithinB
	if a {
		b, w = c.BetweenA, c.WithinA
	}
	return ratio(b, b+w)
}

// ICCDiff is the within-case correlation of two repeats' differences: τ²/(τ² + W_A + W_B).
func (c PairedComponents) ICCDiff() float64 {
	return ratio(c.BetweenDiff, c.BetweenDiff+c.WithinA+c.WithinB)
}

// TemplateICC is ρ_t at r repeats: the correlation of two cases' observed differences
// within a template.
func (c PairedComponents) TemplateICC(r int) float64 { return ratio(c.TemplateCov, c.CaseVariance(r)) }

// DesignEffect is 1 + (m−1)·ρ_t at r repeats and mean template size m (1 for m ≤ 1).
func (c PairedComponents) DesignEffect(r int, m float64) float64 {
	if !(m > 1) {
		return 1
	}
	rho := c.TemplateICC(r)
	if math.IsNaN(rho) {
		return 1
	}
	// ρ_t ≥ −1/(m−1) for exchangeable cases, so DEFF ≥ 0; an estimate below that bound is
	// noise, and DEFF is kept at 1/m or more.
	return max(1+(m-1)*rho, 1/m)
}

func ratio(a, b float64) float64 {
	if !(b > 0) {
		return math.NaN()
	}
	return a / b
}

// PowerDesign is a planned study: Cases cases, Repeats repeats per arm, and either a fixed
// number of Templates (the mean template size is then Cases/Templates) or, with Templates
// 0, templates of ClusterSize cases (1 or 0: cases independent, no clustering); a
// two-sided test at level Alpha with the given Power.
type PowerDesign struct {
	Cases, Repeats int
	Templates      int
	ClusterSize    float64
	Alpha, Power   float64
}

func (d PowerDesign) check() error {
	switch {
	case d.Cases < 2:
		return fmt.Errorf("bootstrap: power: %d cases, want at least 2", d.Cases)
	case d.Repeats < 1:
		return fmt.Errorf("bootstrap: power: %d repeats, want at least 1", d.Repeats)
	case d.Templates < 0 || d.Templates > d.Cases:
		return fmt.Errorf("bootstrap: power: %d templates for %d cases", d.Templates, d.Cases)
	case !(d.Alpha > 0 && d.Alpha < 1):
		return fmt.Errorf("bootstrap: power: alpha = %v not in (0, 1)", d.Alpha)
	case !(d.Power > 0 && d.Power < 1):
		return fmt.Errorf("bootstrap: power: power = %v not in (0, 1)", d.Power)
	}
	return nil
}

// clusterSize is the design's mean template size.
func (d PowerDesign) clusterSize() float64 {
	if d.Templates > 0 {
		return float64(d.Cases) / float64(d.Templates)
	}
	return d.ClusterSize
}

// zSum is z_{1−α/2} + z_power, the standard errors between 0 and a detectable difference.
func zSum(alpha, power float64) float64 {
	return distuv.UnitNormal.Quantile(1-alpha/2) + distuv.UnitNormal.Quantile(power)
}

// StdErr is the standard error of the mean difference under design d:
// √(Var(d_i)·DEFF/n).
func (c PairedComponents) StdErr(d PowerDesign) float64 {
	return math.Sqrt(c.CaseVariance(d.Repeats) * c.DesignEffect(d.Repeats, d.clusterSize()) / float64(d.Cases))
}

// MDE is the minimum detectable difference (in rate units) of design d: the |Δ| a
// two-sided level-α test rejects with probability d.Power, (z_{1−α/2} + z_power)·SE
// (normal approximation; the far tail's rejections are ignored, as is usual).
func (c PairedComponents) MDE(d PowerDesign) (float64, error) {
	if err := d.check(); err != nil {
		return 0, err
	}
	return zSum(d.Alpha, d.Power) * c.StdErr(d), nil
}

// PowerAt is the probability that design d's two-sided level-α test rejects Δ = 0 when
// the true difference is delta: Φ(|δ|/SE − z_{1−α/2}) + Φ(−|δ|/SE − z_{1−α/2}).
func (c PairedComponents) PowerAt(d PowerDesign, delta float64) (float64, error) {
	d.Power = 0.5 // not used; keeps check's range test quiet
	if err := d.check(); err != nil {
		return 0, err
	}
	se := c.StdErr(d)
	z := distuv.UnitNormal.Quantile(1 - d.Alpha/2)
	if !(se > 0) {
		if delta != 0 {
			return 1, nil
		}
		return d.Alpha, nil
	}
	x := math.Abs(delta) / se
	return distuv.UnitNormal.CDF(x-z) + distuv.UnitNormal.CDF(-x-z), nil
}

// CasesFor is the number of cases design d needs (at its repeats) to detect delta with its
// power. With d.Templates 0 the templates grow with the cases at d.ClusterSize each; with
// d.Templates fixed the cases fill those templates, and the second result is false when no
// number of cases reaches delta (the between-template variance alone is too large).
func (c PairedComponents) CasesFor(d PowerDesign, delta float64) (int, bool, error) {
	d.Cases = max(d.Cases, 2)
	if err := d.check(); err != nil {
		return 0, false, err
	}
	if delta == 0 || bad(delta) {
		return 0, false, fmt.Errorf("bootstrap: power: delta = %v, want a non-zero difference", delta)
	}
	k2 := math.Pow(zSum(d.Alpha, d.Power)/delta, 2)
	v := c.CaseVariance(d.Repeats)
	var n float64
	if d.Templates > 0 {
		// n = k²·(v + (n/T − 1)·cov)  ⇒  n·(1 − k²·cov/T) = k²·(v − cov)
		den := 1 - k2*c.TemplateCov/float64(d.Templates)
		if den <= 0 {
			return 0, false, nil
		}
		n = k2 * (v - c.TemplateCov) / den
	} else {
		n = k2 * v * c.DesignEffect(d.Repeats, d.ClusterSize)
	}
	if n > math.MaxInt32 {
		return 0, false, nil
	}
	return max(int(math.Ceil(n)), 2), true, nil
}

// RepeatsFor is the number of repeats per arm design d needs (at its cases and templates)
// to detect delta with its power; false when no number of repeats does (the between-case
// variance alone, which repeats do not shrink, is too large) or the within-case variance
// is unknown.
func (c PairedComponents) RepeatsFor(d PowerDesign, delta float64) (int, bool, error) {
	d.Repeats = max(d.Repeats, 1)
	if err := d.check(); err != nil {
		return 0, false, err
	}
	if delta == 0 || bad(delta) {
		return 0, false, fmt.Errorf("bootstrap: power: delta = %v, want a non-zero difference", delta)
	}
	if !c.WithinKnown {
		return 0, false, nil
	}
	// Var(d_i)·DEFF = τ² + W/r + (m−1)·cov must be at most n·(δ/k)².
	target := float64(d.Cases) * math.Pow(delta/zSum(d.Alpha, d.Power), 2)
	m := max(d.clusterSize(), 1)
	room := target - c.BetweenDiff - (m-1)*c.TemplateCov
	w := c.WithinA + c.WithinB
	if room <= 0 {
		return 0, false, nil
	}
	r := math.Ceil(w / room)
	if r > math.MaxInt32 {
		return 0, false, nil
	}
	return max(int(r), 1), true, nil
}

// StatedComponents are the components of stated rates: each arm's rate p, the within-case
// correlation icc of its repeats (Var between = icc·p(1−p), within = (1−icc)·p(1−p)), the
// correlation armCorr of the two arms' true per-case rates, and the correlation
// templateICC of two cases' true differences within a template.
func StatedComponents(pA, pB, icc, armCorr, templateICC float64) (PairedComponents, error) {
	for _, x := range []struct {
		name   string
		v      float64
		lo, hi float64
	}{{"rate A", pA, 0, 1}, {"rate B", pB, 0, 1}, {"icc", icc, 0, 1}, {"arm correlation", armCorr, -1, 1}, {"template icc", templateICC, 0, 1}} {
		if !(x.v >= x.lo && x.v <= x.hi) {
			return PairedComponents{}, fmt.Errorf("bootstrap: power: %s = %v not in [%g, %g]", x.name, x.v, x.lo, x.hi)
		}
	}
	c := PairedComponents{RateA: pA, RateB: pB, WithinKnown: true}
	c.BetweenA, c.WithinA = icc*pA*(1-pA), (1-icc)*pA*(1-pA)
	c.BetweenB, c.WithinB = icc*pB*(1-pB), (1-icc)*pB*(1-pB)
	c.BetweenDiff = math.Max(0, c.BetweenA+c.BetweenB-2*armCorr*math.Sqrt(c.BetweenA*c.BetweenB))
	c.TemplateCov = templateICC * c.BetweenDiff
	return c, nil
}
