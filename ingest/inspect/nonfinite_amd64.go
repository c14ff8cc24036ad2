//go:build amd64 && !purego

package inspect

// hasNonFinite reports whether data holds "NaN" or "Infinity" anywhere (containsNonFinite),
// with AVX2 testing 32 positions at a time for the start of either ("NaN", "Infi"): a
// sample's text holds dozens of capital N and I, and a search restarted at each of them
// cost a few per cent of reading an .eval log.
func hasNonFinite(data []byte) bool {
	i := 0
	for haveAVX2 && len(data)-i >= 35 {
		at, scanned := nonFiniteAVX2(data[i:])
		if at < 0 {
			i += scanned
			break
		}
		if isNonFiniteAt(data[i+at:]) {
			return true
		}
		i += at + 1
	}
	return containsNonFinite(data[i:])
}

// nonFiniteAVX2 returns the first position of p (from 0, in steps of 32, while p holds 35
// bytes from the step's start) where "NaN" or "Infi" starts, or -1, and the number of
// positions it tested.
//
//go:noescape
func nonFiniteAVX2(p []byte) (at, scanned int)
