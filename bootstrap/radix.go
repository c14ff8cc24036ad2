package bootstrap

import (
	"math"
	"slices"
	"sync"
)

// radixMin is the length from which sortFinite sorts by radix: a comparison sort of random
// replicates mispredicts about half its branches, which at thousands of replicates costs
// more than the bootstrap's evaluation of the interval.
const radixMin = 512

// sortFinite sorts finite values ascending. Long slices are sorted by an LSD radix sort on
// the order-preserving bits of each value (bytes shared by every value are skipped, so
// replicates in a narrow range take a few passes); the result equals slices.Sort's, except
// that a −0 comes back as +0 (they compare equal).
func sortFinite(s []float64) {
	n := len(s)
	if n < radixMin {
		slices.Sort(s)
		return
	}
	sc := radixPool.Get().(*radixScratch)
	defer radixPool.Put(sc)
	if cap(sc.keys) < 2*n {
		sc.keys = make([]uint64, 2*n)
	}
	a, b := sc.keys[:n:n], sc.keys[n:2*n]
	counts := sc.counts[:]
	clear(counts)
	for i, v := range s {
		k := orderKey(v)
		a[i] = k
		for d := range radixPasses {
			counts[d<<radixBits|int((k>>(radixBits*d))&radixMask)]++
		}
	}
	for d := range radixPasses {
		c := counts[d<<radixBits : (d+1)<<radixBits]
		shift := radixBits * d
		if c[(a[0]>>shift)&radixMask] == uint32(n) {
			continue // every key has this digit
		}
		var sum uint32
		for i := range c {
			c[i], sum = sum, sum+c[i]
		}
		for _, k := range a {
			j := (k >> shift) & radixMask
			b[c[j]] = k
			c[j]++
		}
		a, b = b, a
	}
	for i, k := range a {
		s[i] = fromOrderKey(k)
	}
}

// radixScratch is a sort's working memory, pooled: a report sorts thousands of replicate
// sets, and fresh buffers for each raised its peak memory by a tenth.
type radixScratch struct {
	keys   []uint64
	sample []uint64 // percentileSelected's tails
	low    []uint64
	high   []uint64
	counts [radixPasses << radixBits]uint32
}

var radixPool = sync.Pool{New: func() any { return new(radixScratch) }}

// The radix sort's digits: six passes of 11 bits cover the 64.
const (
	radixBits   = 11
	radixPasses = 6
	radixMask   = 1<<radixBits - 1
)

// orderKey maps a finite float64 to a uint64 of the same order: the sign bit flipped for
// non-negative values, every bit flipped for negative ones. −0 maps as +0.
func orderKey(v float64) uint64 {
	u := math.Float64bits(v + 0)
	if u>>63 != 0 {
		return ^u
	}
	return u | 1<<63
}

func fromOrderKey(k uint64) float64 {
	if k>>63 != 0 {
		return math.Float64frombits(k &^ (1 << 63))
	}
	return math.Float64frombits(^k)
}
