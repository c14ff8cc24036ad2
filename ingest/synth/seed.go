package synth

import (
	"math"
	"math/rand/v2"
)

// splitmix64 is the SplitMix64 finaliser; it turns structured seeds into well-mixed ones.
func splitmix64(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9
	x = (x ^ (x >> 27)) * 0x94d049bb133111eb
	return x ^ (x >> 31)
}

// hashParts is FNV-1a over the parts (strings and ints), each followed by a separator.
func hashParts(parts []any) uint64 {
	const prime = 1099511628211
	h := uint64(14695981039346656037)
	for _, p := range parts {
		switch x := p.(type) {
		case string:
			for i := 0; i < len(x); i++ {
				h = (h ^ uint64(x[i])) * prime
			}
		case int:
			u := uint64(x)
			for i := 0; i < 8; i++ {
				h = (h ^ (u & 0xff)) * prime
				u >>= 8
			}
		}
		h = (h ^ 0xff) * prime
	}
	return h
}

// derive returns a generator for one named purpose under the master seed. Every draw of
// the release comes from such a generator, so a block (one configuration × condition ×
// repeat, one case's latent) is the same whether it is generated alone or with the rest —
// which is what lets --scale stream.
func derive(seed uint64, parts ...any) *rand.Rand {
	s := hashParts(parts)
	return rand.New(rand.NewPCG(splitmix64(seed^s), splitmix64(s+seed*0x9e3779b97f4a7c15)))
}

// normal draws one standard normal value for a named purpose (Box–Muller on two
// SplitMix64 outputs; no generator is allocated).
func normal(seed uint64, parts ...any) float64 {
	s := splitmix64(seed ^ hashParts(parts))
	u1 := (float64(s>>11) + 0.5) / (1 << 53)
	u2 := float64(splitmix64(s)>>11) / (1 << 53)
	return math.Sqrt(-2*math.Log(u1)) * math.Cos(2*math.Pi*u2)
}
