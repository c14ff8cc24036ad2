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
	// keys[:iLo] ≤ keys[iLo] ≤ keys[iLo+1:], then the same for iHi within keys[iLo+1:].
	selectKey(keys, iLo)
	lo0, lo1 := keys[iLo], slices.Min(keys[iLo+1:])
	selectKey(keys[iLo+1:], iHi-iLo-1)
	hi0, hi1 := keys[iHi], slices.Min(keys[iHi+1:])
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
