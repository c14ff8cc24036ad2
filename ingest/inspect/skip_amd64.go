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
