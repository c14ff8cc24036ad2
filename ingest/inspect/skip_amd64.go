//go:build amd64 && !purego

package inspect

import "golang.org/x/sys/cpu"

var haveAVX2 = cpu.X86.HasAVX2

// blockMasks flags (bit i for byte i) a block's quotes, backslashes, opening brackets
// and closing brackets: with AVX2, four comparisons of two 32-byte halves.
func blockMasks(b *[64]byte) (quote, bslash, opens, closes uint64) {
	if haveAVX2 {
		return blockMasksAVX2(b)
	}
	return blockMasksSWAR(b)
}

//go:noescape
func blockMasksAVX2(b *[64]byte) (quote, bslash, opens, closes uint64)

// strMasks flags (bit i for byte i) a block's quotes, backslashes and bytes that are not
// ASCII: with AVX2, two comparisons and the high bits of two 32-byte halves.
func strMasks(b *[64]byte) (quote, bslash, high uint64) {
	if haveAVX2 {
		return strMasksAVX2(b)
	}
	return strMasksSWAR(b)
}

//go:noescape
func strMasksAVX2(b *[64]byte) (quote, bslash, high uint64)
