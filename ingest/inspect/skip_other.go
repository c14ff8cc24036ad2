//go:build !amd64 || purego

package inspect

// blockMasks flags (bit i for byte i) a block's quotes, backslashes, opening brackets
// and closing brackets.
func blockMasks(b *[64]byte) (quote, bslash, opens, closes uint64) { return blockMasksSWAR(b) }

// strMasks flags (bit i for byte i) a block's quotes, backslashes and bytes that are not
// ASCII.
func strMasks(b *[64]byte) (quote, bslash, high uint64) { return strMasksSWAR(b) }
