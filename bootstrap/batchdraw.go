package bootstrap

import "math/bits"

// batchDrawer draws unit indices in batches for the direct class path: one 64-bit output x
// gives k indices in [0, n), the base-n digits (most significant first) of ⌊x·n^k / 2^64⌋,
// computed as k successive 64×64-bit products (Brackett-Rozinsky & Lemire 2024, "Batched
// ranged random integer generation"). That is Lemire's bounded draw for the range n^k, so
// once the outputs whose low product x·n^k mod 2^64 falls below 2^64 mod n^k are skipped, the
// batch is uniform on [0, n^k): k independent uniform indices. k is the largest with
// n^k ≤ 2^56, so fewer than 1 output in 256 is skipped; at n = 570 an output gives six
// indices, where the unit drawer's gives two.
type batchDrawer struct {
	n      uint64
	k      int    // indices per output
	nk     uint64 // n^k
	thresh uint64 // 2^64 mod n^k
}

func newBatchDrawer(n int) batchDrawer {
	d := batchDrawer{n: uint64(n), k: 1, nk: uint64(n)}
	for n > 1 {
		hi, lo := bits.Mul64(d.nk, d.n)
		if hi != 0 || lo > 1<<56 {
			break
		}
		d.nk = lo
		d.k++
	}
	d.thresh = -d.nk % d.nk
	return d
}

// count draws need indices from the SplitMix64 sequence after seed (x_i = mix(seed+(i+1)·γ))
// and adds one to c[class[index]] for each.
func (d *batchDrawer) count(seed uint64, need int, class []int32, c []float64) {
	n, k, nk, th := d.n, d.k, d.nk, d.thresh
	s := seed
	for need > 0 {
		s += golden
		x := mix64(s)
		if _, lo := bits.Mul64(x, nk); lo < th {
			continue
		}
		take := min(k, need)
		for range take {
			var u uint64
			u, x = bits.Mul64(x, n)
			c[class[u]]++
		}
		need -= take
	}
}
