package inspect

import (
	"encoding/binary"
	"math/bits"
	"sync"
)

// deflater decodes a whole DEFLATE stream held in memory into a buffer of the size the
// archive declares for it. A sample member is inflated in one call, so the decoder needs
// neither a window of its own (back-references point into the output itself, which it
// writes eight bytes at a time) nor a reader interface. It accepts exactly the streams
// klauspost's and the standard library's inflaters accept (the same checks of the code
// lengths, the symbols and the distances); on any failure the caller inflates the member
// again with klauspost's, whose error is the one reported, so that a damaged member's
// error is archive/zip's.
type deflater struct {
	lit  [litTableSize]uint32
	dist [distTableSize]uint32
	pre  [1 << preBits]uint32
	lens [maxLit + maxDist]uint8
}

// Table sizes: a root table indexed by the next litBits (distBits) bits of the input,
// then the sub-tables of longer codes (with these root sizes, a code of up to 15 bits
// needs at most 852 and 402 entries in all). Nine bits rather than ten: the table is built anew for every
// member's block, and filling half as many entries costs more than the few literals of
// more than nine bits that then take a second look-up.
const (
	litBits       = 9
	distBits      = 8
	preBits       = 7
	litTableSize  = 2048
	distTableSize = 512
	maxLit        = 288
	maxDist       = 32
	maxCodeLen    = 15
)

// A table entry: bits 0-7 the bits it consumes, 8-11 its kind, 12-15 the extra bits that
// follow (a sub-table's index bits, for a link), 16-31 its value (a literal byte, a
// length or distance base, a code-length symbol, or a sub-table's offset).
const (
	kLit  = 0 << 8
	kLen  = 1 << 8
	kEnd  = 2 << 8
	kLink = 3 << 8
	kBad  = 4 << 8
	kMask = 0xf << 8
)

func entry(kind, extra, value uint32) uint32 { return kind | extra<<12 | value<<16 }

var (
	// litSyms and distSyms are the entries of the symbols, without their code lengths.
	litSyms, distSyms, preSyms [maxLit]uint32
	// The fixed-code tables, built once.
	fixedOnce sync.Once
	fixed     deflater
)

func init() {
	lenBase := [...]uint32{3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258}
	lenExtra := [...]uint32{0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0}
	distBase := [...]uint32{1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577}
	for s := range maxLit {
		switch {
		case s < 256:
			litSyms[s] = entry(kLit, 0, uint32(s))
		case s == 256:
			litSyms[s] = entry(kEnd, 0, 0)
		case s < 286:
			litSyms[s] = entry(kLen, lenExtra[s-257], lenBase[s-257])
		default: // 286 and 287 have codes in the fixed code but are no symbols
			litSyms[s] = entry(kBad, 0, 0)
		}
		preSyms[s] = entry(kLit, 0, uint32(s))
	}
	for s := range maxDist {
		if s < 30 {
			distSyms[s] = entry(kLen, uint32(max(0, s/2-1)), distBase[s])
		} else {
			distSyms[s] = entry(kBad, 0, 0)
		}
	}
}

func fixedTables() *deflater {
	fixedOnce.Do(func() {
		var l [maxLit + maxDist]uint8
		for s := range maxLit {
			switch {
			case s < 144:
				l[s] = 8
			case s < 256:
				l[s] = 9
			case s < 280:
				l[s] = 7
			default:
				l[s] = 8
			}
		}
		for s := range maxDist {
			l[maxLit+s] = 5
		}
		buildTable(fixed.lit[:], litBits, l[:maxLit], litSyms[:])
		buildTable(fixed.dist[:], distBits, l[maxLit:], distSyms[:])
	})
	return &fixed
}

// buildTable fills table for the canonical code of the code lengths lens, with root
// bits of index at the root. It reports false for the code lengths the standard
// library's inflater rejects: an over-subscribed code, or an incomplete one other than a
// single code of one bit (whose other half, and an empty code's every entry, are kBad).
func buildTable(table []uint32, root uint, lens []uint8, syms []uint32) bool {
	var count [maxCodeLen + 1]int
	for _, l := range lens {
		// Most lengths of a literal code are 0 (bytes the member does not hold): counted,
		// each increment of count[0] would wait for the one before.
		if l != 0 {
			count[l]++
		}
	}
	maxLen := maxCodeLen
	for maxLen > 0 && count[maxLen] == 0 {
		maxLen--
	}
	left := 1
	for l := 1; l <= maxCodeLen; l++ {
		left = left<<1 - count[l]
		if left < 0 {
			return false
		}
	}
	if left > 0 {
		if maxLen != 0 && (maxLen != 1 || count[1] != 1) {
			return false
		}
		for i := range table[:1<<root] {
			table[i] = kBad
		}
		if maxLen == 0 {
			return true
		}
	}
	// The symbols in canonical order: by length, then by symbol.
	var offs [maxCodeLen + 2]int
	for l := 1; l <= maxCodeLen; l++ {
		offs[l+1] = offs[l] + count[l]
	}
	var sorted [maxLit]uint16
	for s, l := range lens {
		if l != 0 {
			sorted[offs[l]] = uint16(s)
			offs[l]++
		}
	}
	n := offs[maxCodeLen+1]
	rootSize := 1 << root
	rootTable := table[:rootSize]
	next := rootSize // where the next sub-table starts
	low := -1        // the root index of the current sub-table
	sub, subBits := 0, uint(0)
	code := 0 // the canonical code, most significant bit first
	i := 0    // the next symbol in canonical order
	// The codes of up to root bits, length by length: each code's entry is written once,
	// at its bit-reversed code among the first 1<<l entries, and those entries are then
	// doubled for the next length (libdeflate's way: sequential copies rather than a
	// strided fill per symbol). An entry no code reaches keeps kBad (incomplete codes).
	for l := 1; l <= int(root); l++ {
		if l > 1 {
			copy(rootTable[1<<(l-1):1<<l], rootTable[:1<<(l-1)])
		}
		for range count[l] {
			rootTable[bits.Reverse16(uint16(code))>>(16-l)] = syms[sorted[i]] | uint32(l)
			i++
			code++
		}
		code <<= 1
	}
	l := int(root) + 1
	for ; i < n; i++ {
		s := sorted[i]
		nl := int(lens[s])
		code <<= nl - l
		l = nl
		rev := int(bits.Reverse16(uint16(code)) >> (16 - l))
		e := syms[s]
		r := rev & (rootSize - 1)
		if r != low {
			// A new sub-table, as large as the codes sharing this root index need.
			subBits = uint(l) - root
			room := 1 << subBits
			for int(subBits+root) < maxLen {
				room -= count[subBits+root]
				if room <= 0 {
					break
				}
				subBits++
				room <<= 1
			}
			if next+1<<subBits > len(table) {
				return false
			}
			low, sub = r, next
			table[r] = entry(kLink, uint32(subBits), uint32(sub)) | uint32(root)
			next += 1 << subBits
		}
		for j := rev >> root; j < 1<<subBits; j += 1 << (uint(l) - root) {
			table[sub+j] = e | uint32(uint(l)-root)
		}
		count[l]--
		code++
	}
	return true
}

// codeOrder is the order of the code-length code's lengths in a dynamic block's header.
var codeOrder = [19]uint8{16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15}

// bitReader reads a stream's bits, the first in the lowest bit of buf. Past the end of
// in it reads zero bytes; inflate checks at the end that none of them was used, and
// refill fails at once when many were.
type bitReader struct {
	in  []byte
	buf uint64
	nb  uint // how many of buf's bits are input
	pos int  // the next byte of in to go into buf
}

// refill tops buf up to at least 56 bits.
func (r *bitReader) refill() bool {
	if r.pos+8 <= len(r.in) {
		r.buf |= binary.LittleEndian.Uint64(r.in[r.pos:]) << r.nb
		r.pos += int(63-r.nb) >> 3
		r.nb |= 56
		return true
	}
	for r.nb <= 56 {
		if r.pos < len(r.in) {
			r.buf |= uint64(r.in[r.pos]) << r.nb
		}
		r.pos++
		r.nb += 8
	}
	return r.pos <= len(r.in)+16
}

// bits takes the next n bits (n <= 16; refill first).
func (r *bitReader) bits(n uint) uint32 {
	v := uint32(r.buf & (1<<n - 1))
	r.buf >>= n
	r.nb -= n
	return v
}

// inflate decodes the stream in into out[:size], and reports whether it did: the stream
// is valid, ends (its final block) within in and gives exactly size bytes. out must hold
// size+8 bytes: a copy may write up to seven bytes past the end of what it copies.
func (d *deflater) inflate(in, out []byte, size int) bool {
	if len(out) < size+8 || size < 0 {
		return false
	}
	r := bitReader{in: in}
	op := 0 // the next byte of out to write
	for last := false; !last; {
		if !r.refill() {
			return false
		}
		last = r.bits(1) == 1
		lit, dist := &d.lit, &d.dist
		switch r.bits(2) {
		case 0: // stored: from the next byte boundary, the length, its complement, the bytes
			r.bits(r.nb & 7)
			r.pos -= int(r.nb >> 3)
			r.buf, r.nb = 0, 0
			if r.pos < 0 || r.pos+4 > len(in) {
				return false
			}
			n := int(binary.LittleEndian.Uint16(in[r.pos:]))
			if binary.LittleEndian.Uint16(in[r.pos+2:]) != ^uint16(n) {
				return false
			}
			r.pos += 4
			if r.pos+n > len(in) || op+n > size {
				return false
			}
			op += copy(out[op:], in[r.pos:r.pos+n])
			r.pos += n
			continue
		case 1:
			f := fixedTables()
			lit, dist = &f.lit, &f.dist
		case 2:
			if !d.header(&r) {
				return false
			}
		default:
			return false
		}
		var ok bool
		if op, ok = inflateBlock(&r, lit, dist, out, op, size); !ok {
			return false
		}
	}
	// Every bit read must have been in the input.
	return op == size && r.pos*8-int(r.nb) <= len(in)*8
}

// inflateBlock decodes a Huffman-coded block's symbols into out from op, and returns
// where they end. Its bit buffer is in local variables, kept in registers (a refill from
// the input's last bytes goes through r). An entry's bits consumed (at most 15) are
// taken as e&63 where they shift the buffer: the compiler then knows the shift is under
// 64 and emits a bare shift, without the three instructions that give 0 for a larger
// one, on the chain from one symbol's look-up to the next.
func inflateBlock(r *bitReader, lit *[litTableSize]uint32, dist *[distTableSize]uint32, out []byte, op, size int) (int, bool) {
	in, buf, nb, pos := r.in, r.buf, r.nb, r.pos
	for {
		// 48 bits: a length code and its extra bits (20), then a distance's (28).
		if nb < 48 {
			if pos+8 <= len(in) {
				buf |= binary.LittleEndian.Uint64(in[pos:]) << nb
				pos += int(63-nb) >> 3
				nb |= 56
			} else {
				r.buf, r.nb, r.pos = buf, nb, pos
				if !r.refill() {
					return op, false
				}
				buf, nb, pos = r.buf, r.nb, r.pos
			}
		}
		e := lit[buf&(1<<litBits-1)]
		if e&kMask == kLit {
			// Literals, the commonest symbol: 48 bits hold three of them, written out
			// one after another. out holds eight bytes past size, so that the count is
			// checked once after them (a stream that gives too many bytes fails all the
			// same), and no loop counter competes for the registers.
			buf >>= e & 63
			nb -= uint(e & 0xff)
			out[op] = byte(e >> 16)
			op++
			if e = lit[buf&(1<<litBits-1)]; e&kMask == kLit {
				buf >>= e & 63
				nb -= uint(e & 0xff)
				out[op] = byte(e >> 16)
				op++
				if e = lit[buf&(1<<litBits-1)]; e&kMask == kLit {
					buf >>= e & 63
					nb -= uint(e & 0xff)
					out[op] = byte(e >> 16)
					op++
				}
			}
			if op > size {
				return op, false
			}
			continue
		}
		if e&kMask == kLink {
			buf >>= litBits
			nb -= litBits
			e = lit[(e>>16+uint32(buf)&(1<<(e>>12&0xf)-1))&(litTableSize-1)]
		}
		buf >>= e & 63
		nb -= uint(e & 0xff)
		if e&kMask == kLit {
			if op >= size {
				return op, false
			}
			out[op] = byte(e >> 16)
			op++
			continue
		}
		if e&kMask != kLen {
			r.buf, r.nb, r.pos = buf, nb, pos
			return op, e&kMask == kEnd
		}
		x := e >> 12 & 0xf
		length := int(e>>16) + int(buf&(1<<x-1))
		buf >>= x
		nb -= uint(x)
		e = dist[buf&(1<<distBits-1)]
		if e&kMask == kLink {
			buf >>= distBits
			nb -= distBits
			e = dist[(e>>16+uint32(buf)&(1<<(e>>12&0xf)-1))&(distTableSize-1)]
		}
		if e&kMask != kLen {
			return op, false
		}
		buf >>= e & 63
		nb -= uint(e & 0xff)
		x = e >> 12 & 0xf
		distance := int(e>>16) + int(buf&(1<<x-1))
		buf >>= x
		nb -= uint(x)
		if distance > op || op+length > size {
			return op, false
		}
		src := op - distance
		switch {
		case distance >= length:
			copy(out[op:op+length], out[src:src+length])
		case distance >= 8:
			for k := 0; k < length; k += 8 {
				binary.LittleEndian.PutUint64(out[op+k:], binary.LittleEndian.Uint64(out[src+k:]))
			}
		case distance == 1:
			b := out[src]
			for k := op; k < op+length; k++ {
				out[k] = b
			}
		default:
			for k := range length {
				out[op+k] = out[src+k]
			}
		}
		op += length
	}
}

// header reads a dynamic block's code lengths and builds its tables.
func (d *deflater) header(r *bitReader) bool {
	if !r.refill() {
		return false
	}
	nlit := int(r.bits(5)) + 257
	ndist := int(r.bits(5)) + 1
	ncode := int(r.bits(4)) + 4
	if nlit > 286 || ndist > 30 {
		return false
	}
	var codeLens [19]uint8
	for i := range ncode {
		if r.nb < 3 && !r.refill() {
			return false
		}
		codeLens[codeOrder[i]] = uint8(r.bits(3))
	}
	if !buildTable(d.pre[:], preBits, codeLens[:], preSyms[:]) {
		return false
	}
	lens := d.lens[:nlit+ndist]
	for i := 0; i < len(lens); {
		// 14 bits: a code (up to 7) and its extra bits (up to 7).
		if r.nb < 14 && !r.refill() {
			return false
		}
		e := d.pre[r.buf&(1<<preBits-1)]
		if e&kMask != kLit {
			return false
		}
		r.bits(uint(e & 0xff))
		sym := e >> 16
		if sym < 16 {
			lens[i] = uint8(sym)
			i++
			continue
		}
		var rep int
		var v uint8
		switch sym {
		case 16:
			if i == 0 {
				return false
			}
			v = lens[i-1]
			rep = 3 + int(r.bits(2))
		case 17:
			rep = 3 + int(r.bits(3))
		default:
			rep = 11 + int(r.bits(7))
		}
		if i+rep > len(lens) {
			return false
		}
		for range rep {
			lens[i] = v
			i++
		}
	}
	if lens[256] == 0 {
		return false
	}
	return buildTable(d.lit[:], litBits, lens[:nlit], litSyms[:]) &&
		buildTable(d.dist[:], distBits, lens[nlit:], distSyms[:])
}
