package bootstrap

import (
	"math"

	"gonum.org/v1/gonum/stat/distuv"
)

// Quantile returns the p-quantile of sorted (ascending, finite) values under mode. It returns
// NaN for an empty slice or a p outside [0, 1]. In QuantileR mode, extreme reports that an
// end order statistic was used (R warns "extreme order statistics used as endpoints").
func Quantile(sorted []float64, p float64, mode QuantileMode) (q float64, extreme bool) {
	if len(sorted) == 0 || !(p >= 0 && p <= 1) {
		return math.NaN(), false
	}
	if mode == QuantileR {
		return normInter(sorted, p)
	}
	return linearQuantile(sorted, p), false
}

// linearQuantile is np.percentile's default "linear" method (Hyndman–Fan type 7), including
// numpy's two-sided lerp, which keeps the result exact at both ends of a segment.
func linearQuantile(x []float64, p float64) float64 {
	n := len(x)
	i, t := linearPos(n, p)
	if i >= n-1 {
		return x[n-1]
	}
	return linearLerp(x[i], x[i+1], t)
}

// linearPos is where the linear quantile at p of n sorted values lies: between the i-th
// and the next, a fraction t of the way.
func linearPos(n int, p float64) (i int, t float64) {
	h := p * float64(n-1)
	lo := math.Floor(h)
	return int(lo), h - lo
}

// linearLerp is numpy's two-sided lerp from a to b at t.
func linearLerp(a, b, t float64) float64 {
	d := b - a
	if t >= 0.5 {
		return b - float64(d*(1-t)) // conversions stop FMA fusion: same bits on every arch
	}
	return a + float64(d*t)
}

// normInter is R boot's norm.inter for one alpha: the (R+1)α-th order statistic, interpolated
// between its neighbours on the standard-normal quantile scale.
func normInter(t []float64, alpha float64) (float64, bool) {
	r := len(t)
	rk := float64(r+1) * alpha
	extreme := !(rk > 1 && rk < float64(r))
	k := int(math.Trunc(rk))
	switch {
	case k <= 0:
		return t[0], extreme
	case k >= r:
		return t[r-1], extreme
	case float64(k) == rk:
		return t[k-1], extreme
	}
	z := distuv.UnitNormal.Quantile
	z1 := z(alpha)
	z2 := z(float64(k) / float64(r+1))
	z3 := z(float64(k+1) / float64(r+1))
	tk, tk1 := t[k-1], t[k]
	return tk + float64((z1-z2)/(z3-z2)*(tk1-tk)), extreme
}
