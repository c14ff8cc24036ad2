package bootstrap

import (
	"math"
	"math/bits"
	"slices"
)

// percentileSelected is PercentileInterval with the linear quantile of at least radixMin
// finite replicates, found without sorting them: the interval reads only the smallest and
// the largest replicate and the two order statistics around each tail's position, and
// selection finds those in a few passes where the radix sort takes six. The replicates'
// order keys are those of the sort, so the values are the same bits. ok is false when it
// does not apply (the caller sorts).
func percentileSelected(reps []float64, level float64, q QuantileMode) (iv Interval, ok bool) {
	if q == QuantileR || len(reps) < radixMin {
		return Interval{}, false
	}
	sc := radixPool.Get().(*radixScratch)
	defer radixPool.Put(sc)
	keys := sc.keys[:0]
	lo, hi := uint64(math.MaxUint64), uint64(0)
	for _, v := range reps {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			continue
		}
		k := orderKey(v)
		keys = append(keys, k)
		lo, hi = min(lo, k), max(hi, k)
	}
	sc.keys = keys
	n := len(keys)
	a, b := tails(level)
	iLo, tLo := linearPos(n, a)
	iHi, tHi := linearPos(n, b)
	if n < radixMin || iLo < 0 || iHi >= n-1 || iHi <= iLo+1 {
		return Interval{}, false
	}
	iv = newInterval(level, q, n, len(reps)-n)
	if degenerateRange(&iv, fromOrderKey(lo), fromOrderKey(hi), n, Percentile) {
		return iv, true
	}
	lo0, lo1, hi0, hi1, ok := sc.tails(keys, iLo, iHi)
	if !ok {
		// keys[:iLo] ≤ keys[iLo] ≤ keys[iLo+1:], then the same for iHi within keys[iLo+1:].
		selectKey(keys, iLo)
		lo0, lo1 = keys[iLo], slices.Min(keys[iLo+1:])
		selectKey(keys[iLo+1:], iHi-iLo-1)
		hi0, hi1 = keys[iHi], slices.Min(keys[iHi+1:])
	}
	iv.Lo = linearLerp(fromOrderKey(lo0), fromOrderKey(lo1), tLo)
	iv.Hi = linearLerp(fromOrderKey(hi0), fromOrderKey(hi1), tHi)
	if usesExtreme(n, a, q, false) || usesExtreme(n, b, q, false) {
		iv.addWarning(WarnExtremeOrder, "extreme order statistics used as endpoints")
	}
	iv.Method = Percentile
	return iv, true
}

// selectKey reorders x so that x[k] is the value a sort would put there, with no larger
// value before it and no smaller one after (quickselect, median-of-three pivots; a sort
// after too many rounds bounds the worst case).
func selectKey(x []uint64, k int) {
	lo, hi := 0, len(x)-1
	for rounds := 4 * bits.Len(uint(len(x))); hi > lo; rounds-- {
		if rounds == 0 {
			slices.Sort(x[lo : hi+1])
			return
		}
		mid := lo + (hi-lo)/2
		if x[mid] < x[lo] {
			x[mid], x[lo] = x[lo], x[mid]
		}
		if x[hi] < x[lo] {
			x[hi], x[lo] = x[lo], x[hi]
		}
		if x[hi] < x[mid] {
			x[hi], x[mid] = x[mid], x[hi]
		}
		pivot := x[mid]
		// Hoare partition: x[lo..j] ≤ pivot ≤ x[j+1..hi].
		i, j := lo-1, hi+1
		for {
			for i++; x[i] < pivot; i++ {
			}
			for j--; x[j] > pivot; j-- {
			}
			if i >= j {
				break
			}
			x[i], x[j] = x[j], x[i]
		}
		if k <= j {
			hi = j
		} else {
			lo = j + 1
		}
	}
}

// tailSample is the stride of the sample from which tails takes its thresholds.
const tailSample = 16

// tails returns the order statistics iLo, iLo+1, iHi and iHi+1 of keys (0-based, as a sort
// would place them) when both tails are short: a sorted sample of every tailSample-th key
// (its order statistics selected, not sorted) gives a threshold a few of its standard
// errors past each tail's position, one pass without branches copies the keys at or below
// the low one and at or above the high one, and the two order statistics are selected in
// each copy, a few percent of the keys. Every key left out of the low copy is above
// every key in it, so its ranks are those of the whole (and from the top for the high copy):
// the values are the ones selection finds. ok is false when a threshold fell short of its
// tail (then nothing is returned) or a copy holds more than a quarter of the keys.
func (sc *radixScratch) tails(keys []uint64, iLo, iHi int) (lo0, lo1, hi0, hi1 uint64, ok bool) {
	n := len(keys)
	if n < 4*tailSample || iHi+1 >= n {
		return 0, 0, 0, 0, false
	}
	sample := sc.sample[:0]
	for i := 0; i < n; i += tailSample {
		sample = append(sample, keys[i])
	}
	sc.sample = sample
	m := len(sample)
	// Sample positions past each tail by four standard deviations of the sample's count
	// below it, plus two.
	margin := func(pos int) int { return 4*int(math.Sqrt(float64(pos)+1)) + 2 }
	jLo := (iLo + 1) / tailSample
	jLo = min(m-1, jLo+margin(jLo))
	jHi := (n - 1 - iHi) / tailSample // sample positions from the top
	jHi = max(0, m-1-(jHi+margin(jHi)))
	selectKey(sample, jLo)
	pLo := sample[jLo]
	if jHi > jLo {
		selectKey(sample[jLo+1:], jHi-jLo-1)
	} else {
		selectKey(sample[:jLo+1], jHi)
	}
	pHi := sample[jHi]
	if cap(sc.low) < n {
		sc.low, sc.high = make([]uint64, n), make([]uint64, n)
	}
	low, high := sc.low[:n], sc.high[:n]
	nl, nh := 0, 0
	for _, k := range keys {
		low[nl] = k
		_, above := bits.Sub64(pLo, k, 0) // 1 when k > pLo
		nl += int(1 - above)
		high[nh] = k
		_, below := bits.Sub64(k, pHi, 0) // 1 when k < pHi
		nh += int(1 - below)
	}
	// The low copy must reach rank iLo+1, the high one down to rank iHi.
	if nl < iLo+2 || nh < n-iHi || 4*nl > n || 4*nh > n {
		return 0, 0, 0, 0, false
	}
	low, high = low[:nl], high[:nh]
	selectKey(low, iLo)
	off := n - nh // keys below the high copy
	selectKey(high, iHi-off)
	return low[iLo], slices.Min(low[iLo+1:]), high[iHi-off], slices.Min(high[iHi-off+1:]), true
}
