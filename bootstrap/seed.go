package bootstrap

// golden is SplitMix64's increment γ = 2^64/φ.
const golden = 0x9e3779b97f4a7c15

// mix64 is SplitMix64's output function (Steele, Lea & Flood 2014, variant of Stafford's Mix13).
func mix64(z uint64) uint64 {
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// SplitMix64 returns the first output of a SplitMix64 generator whose state is x.
func SplitMix64(x uint64) uint64 { return mix64(x + golden) }

// fnv1a64 hashes a stream name (FNV-1a, 64 bit).
func fnv1a64(s string) uint64 {
	h := uint64(0xcbf29ce484222325)
	for i := 0; i < len(s); i++ {
		h ^= uint64(s[i])
		h *= 0x100000001b3
	}
	return h
}

// StreamSeed is the base seed of a named statistic's stream under a master seed.
func StreamSeed(seed uint64, stream string) uint64 { return SplitMix64(seed) ^ fnv1a64(stream) }

// ReplicateSeed is the seed of replicate b in a stream: output b of the SplitMix64 sequence
// started at base, computed directly so that any worker can take any replicate.
func ReplicateSeed(base uint64, b int) uint64 { return mix64(base + uint64(b+1)*golden) }

// drawer draws unit indices for one replicate from a SplitMix64 sequence, two 32-bit halves per
// output, with Lemire's multiply-and-reject bound.
type drawer struct {
	n      uint64 // number of units, < 2^32
	thresh uint32 // 2^32 mod n: low products below it are rejected
}

func newDrawer(n int) drawer {
	un := uint32(n)
	return drawer{n: uint64(n), thresh: -un % un}
}

// fill adds one to w[u] for each of len(w) draws; w must be zeroed by the caller.
func (d *drawer) fill(seed uint64, w []float64) {
	s := seed
	n, th := d.n, d.thresh
	need := len(w)
	// Fast path: both halves of an output accepted (all but ~2·th/2^32 of outputs).
	for need >= 2 {
		s += golden
		x := mix64(s)
		m0 := (x & 0xffffffff) * n
		m1 := (x >> 32) * n
		if uint32(m0) < th || uint32(m1) < th {
			need -= d.slow(x, w, need)
			continue
		}
		w[m0>>32]++
		w[m1>>32]++
		need -= 2
	}
	if need == 1 {
		for {
			s += golden
			if d.slow(mix64(s), w, 1) == 1 {
				break
			}
		}
	}
}

// slow applies the halves of output x in order, skipping rejected ones, and takes at most
// need draws; it returns how many it took. It is kept out of line so the fast loop keeps its
// values in registers.
//
//go:noinline
func (d *drawer) slow(x uint64, w []float64, need int) int {
	took := 0
	for _, h := range [2]uint64{x & 0xffffffff, x >> 32} {
		if took == need {
			break
		}
		m := h * d.n
		if uint32(m) >= d.thresh {
			w[m>>32]++
			took++
		}
	}
	return took
}
