package inspect

import (
	"encoding/binary"
	"math/bits"

	"github.com/sabench/sabench-stats/ingest/jsonv"
)

// skipContainer passes over an object or array (skip) 64 bytes at a time: most of what a
// light read skips is long strings (a sample's messages, a model event's output, a tool's
// reply), and scanning them a string at a time cost as much as the rest of the decoding.
// Each block's quotes, backslashes and brackets become bit masks; the escaped bytes
// follow from the runs of backslashes, the bytes inside strings from a prefix XOR of the
// unescaped quotes, and only the brackets outside strings are visited one by one, to
// check that they match and to find where the container ends. A backslash outside a
// string is not JSON and is refused: every backslash left is inside a string, where it
// escapes the next byte, so the masks say exactly what a byte-by-byte scan would.
func (l *lexer) skipContainer() *decodeErr { return l.skipBlocks(false) }

// skipRest passes over the rest of the object the lexer is in, from after one of its
// values through its closing brace, as skipContainer passes over a whole one: its
// remaining keys, commas and colons are not checked (nor its scalars), only its
// brackets and strings. object calls it when its field function returns errSkipRest.
func (l *lexer) skipRest() *decodeErr { return l.skipBlocks(true) }

// skipBlocks is skipContainer, or skipRest when inObject.
func (l *lexer) skipBlocks(inObject bool) *decodeErr {
	var open [jsonv.MaxDepth + 1]byte // the closing bracket of each open container
	depth := 0
	if inObject {
		open[0], depth = '}', 1
	}
	d := l.data
	var inStr, escNext uint64 // carried from block to block: all ones inside a string; 1 when the next block's first byte is escaped
	var tail [64]byte
	for i := l.pos; i < len(d); i += 64 {
		b := d[i:]
		if len(b) < 64 {
			// The last bytes, padded with blanks, which are nothing in JSON.
			n := copy(tail[:], b)
			for k := n; k < 64; k++ {
				tail[k] = ' '
			}
			b = tail[:]
		}
		quote, bslash, opens, closes := blockMasks((*[64]byte)(b))
		escaped := escapedBytes(bslash, &escNext)
		quote &^= escaped
		// The bytes from an opening quote up to (not including) its closing quote.
		strs := prefixXOR(quote) ^ inStr
		// A backslash outside a string fails the skip if it comes before the end.
		stray := 64
		if m := bslash &^ strs; m != 0 {
			stray = bits.TrailingZeros64(m)
		}
		inStr = uint64(int64(strs) >> 63)
		for m := (opens | closes) &^ strs; m != 0; m &= m - 1 {
			p := bits.TrailingZeros64(m)
			if p > stray {
				break
			}
			c := b[p]
			if c == '{' || c == '[' {
				if depth == len(open) {
					l.pos = i + p
					return failf("invalid JSON at byte %d: nested too deeply", i+p)
				}
				open[depth] = c + 2 // '{'+2 is '}', '['+2 is ']'
				depth++
				continue
			}
			if depth == 0 || open[depth-1] != c {
				l.pos = i + p
				return l.syntax("a closing bracket that does not match")
			}
			depth--
			if depth == 0 {
				l.pos = i + p + 1
				return nil
			}
		}
		if stray < 64 {
			l.pos = i + stray
			return l.syntax("a backslash outside a string")
		}
	}
	l.pos = len(d)
	return &decodeErr{err: errTruncated}
}

// escapedBytes flags the bytes of a block escaped by a backslash: in each run of
// backslashes, every other one from its first escapes the byte after it. escNext carries
// (bit 0) an escape from the block's last byte into the next block's first. The runs are
// told apart by where they start, odd or even, and carried through by an addition.
func escapedBytes(bslash uint64, escNext *uint64) uint64 {
	const even = 0x5555555555555555
	bslash &^= *escNext // an escaped backslash escapes nothing
	follows := bslash<<1 | *escNext
	oddStarts := bslash &^ even &^ follows
	evenRuns, carry := bits.Add64(oddStarts, bslash, 0)
	*escNext = carry
	return (even ^ evenRuns<<1) & follows
}

// prefixXOR sets bit i to the parity of the bits 0..i of x.
func prefixXOR(x uint64) uint64 {
	x ^= x << 1
	x ^= x << 2
	x ^= x << 4
	x ^= x << 8
	x ^= x << 16
	x ^= x << 32
	return x
}

// blockMasksSWAR flags (bit i for byte i) a block's quotes, backslashes, opening
// brackets and closing brackets, eight bytes at a time (blockMasks).
func blockMasksSWAR(b *[64]byte) (quote, bslash, opens, closes uint64) {
	for k := 0; k < 64; k += 8 {
		w := binary.LittleEndian.Uint64(b[k : k+8 : k+8])
		// '{' and '[' differ only in 0x20, as '}' and ']' do.
		v := w | swarLo*0x20
		quote |= byteMask(eqBytes(w, '"')) << k
		bslash |= byteMask(eqBytes(w, '\\')) << k
		opens |= byteMask(eqBytes(v, '{')) << k
		closes |= byteMask(eqBytes(v, '}')) << k
	}
	return
}

// strMasksSWAR flags (bit i for byte i) a block's quotes, backslashes and bytes that are
// not ASCII, eight bytes at a time (strMasks).
func strMasksSWAR(b *[64]byte) (quote, bslash, high uint64) {
	for k := 0; k < 64; k += 8 {
		w := binary.LittleEndian.Uint64(b[k : k+8 : k+8])
		quote |= byteMask(eqBytes(w, '"')) << k
		bslash |= byteMask(eqBytes(w, '\\')) << k
		high |= byteMask(w&swarHi) << k
	}
	return
}
