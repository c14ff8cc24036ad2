package inspect

import (
	"bytes"
	"encoding/binary"
	"math/bits"
	"unicode/utf16"
	"unicode/utf8"
	"unsafe"
)

// strFlags say what a string's bytes hold: escapes, bytes that are not ASCII.
type strFlags uint8

const (
	strEscaped strFlags = 1 << iota
	strNonASCII
)

// stringEnd consumes a string (at its opening quote) and reports whether it holds
// escapes and bytes that are not ASCII (a string of ASCII alone needs no check of its
// UTF-8 where it is kept). It reads eight bytes at a time, and 64 at a time once a string is
// known to be long (strMasks, with AVX2 where there is): the strings of a sample are long, and the
// JSON written inside them (a decision record in a tool reply) puts an escape every few
// bytes. Each word gives a bit per quote and per backslash (eqBytes, byteMask), and the
// bytes the backslashes escape come out of a few operations on those bits, as
// simdjson finds them (runs of backslashes of either parity, and one that escapes the
// next word's first byte): the first quote not escaped ends the string. A string still
// going after memoMin bytes is looked up among the long strings scanned before (seen):
// one with the same bytes up to its closing quote ends where that one did.
func (l *lexer) stringEnd() (strFlags, *decodeErr) {
	d := l.data
	start := l.pos + 1 // after the opening quote
	i := start
	// Most strings of a sample are keys, ids and names of ASCII alone, ended within
	// two words: when the first quote, backslash or byte that is not ASCII of those
	// sixteen bytes is a quote, it ends the string, with no escape before it and
	// every byte ASCII (each test is exact for its lowest flagged byte, as in
	// plainEnd), and no escape arithmetic is needed.
	if i+16 <= len(d) {
		for k := i; k < i+16; k += 8 {
			w := binary.LittleEndian.Uint64(d[k:])
			if m := hasZero(w^(swarLo*'"')) | hasZero(w^(swarLo*'\\')) | w&swarHi; m != 0 {
				if p := k + bits.TrailingZeros64(m)>>3; d[p] == '"' {
					l.pos = p + 1
					return 0, nil
				}
				break
			}
		}
	}
	var next uint64 // 1 when the previous word's last backslash escapes this word's first byte
	var backslashes, high uint64
	for limit := min(len(d), start+memoMin); ; limit = len(d) {
		// Past memoMin, a string not found among those seen is long: 64 bytes at a time.
		for limit > start+memoMin && i+64 <= limit {
			q, b, h := strMasks((*[64]byte)(d[i : i+64]))
			esc := escapedBytes(b, &next)
			if end := q &^ esc; end != 0 {
				p := bits.TrailingZeros64(end)
				l.pos = i + p + 1
				below := uint64(1)<<p - 1
				if h&below != 0 {
					high |= swarHi
				}
				f := flagsOf(backslashes|b&below, high)
				if l.seen != nil {
					l.seen.add(d[start:l.pos], f)
				}
				return f, nil
			}
			backslashes |= b
			if h != 0 {
				high |= swarHi
			}
			i += 64
		}
		for i+8 <= limit {
			w := binary.LittleEndian.Uint64(d[i:])
			q, b := byteMask(eqBytes(w, '"')), byteMask(eqBytes(w, '\\'))
			esc := next // the escaped bytes
			if b != 0 {
				const odd = 0xaa
				start := b &^ next // the backslashes that escape (or start a run)
				code := (((start<<1)&0xff|odd)-start)&0xff ^ odd
				esc = code ^ (b | next)
				next = (code & b) >> 7
			} else {
				next = 0
			}
			if end := q &^ esc; end != 0 {
				p := bits.TrailingZeros64(end)
				l.pos = i + p + 1
				f := flagsOf(backslashes|b&(1<<p-1), high|w&(1<<(8*p)-1))
				if limit == len(d) && l.seen != nil {
					l.seen.add(d[start:l.pos], f)
				}
				return f, nil
			}
			backslashes |= b
			high |= w
			i += 8
		}
		if limit == len(d) {
			break
		}
		if l.seen != nil {
			if n, f, ok := l.seen.find(d[start:]); ok {
				l.pos = start + n
				return f, nil
			}
		}
	}
	if next != 0 { // the next byte is escaped
		if i < len(d) {
			high |= uint64(d[i])
		}
		i++
	}
	for i < len(d) {
		switch c := d[i]; c {
		case '"':
			l.pos = i + 1
			return flagsOf(backslashes, high), nil
		case '\\':
			backslashes = 1
			if i+1 < len(d) {
				high |= uint64(d[i+1])
			}
			i += 2
			continue
		default:
			high |= uint64(c)
		}
		i++
	}
	l.pos = len(d)
	return 0, &decodeErr{err: errTruncated}
}

// flagsOf are the flags of a string with those backslashes (any bit set: one) and those
// bytes ORed together (high bits set: a byte that is not ASCII).
func flagsOf(backslashes, high uint64) strFlags {
	var f strFlags
	if backslashes != 0 {
		f |= strEscaped
	}
	if high&swarHi != 0 {
		f |= strNonASCII
	}
	return f
}

// strMemo holds the long strings of a sample already scanned, each as its bytes from
// after its opening quote to its closing quote, in the document (which does not change
// while the sample is decoded). Inspect writes a value many times over in a sample (a
// tool call's arguments in the model's output, in the chat messages and in the tool
// event; the reply in the messages and in the event; the decision record five to seven
// times), and a string whose bytes start with one of those, its closing quote included,
// ends where that one did: its end costs a comparison of bytes, vectorised, rather than
// a scan. The slots are picked by two of the string's words, so that strings with the
// same start (replies written as JSON objects) take different ones.
type strMemo struct {
	strs  [memoSlots][]byte
	flags [memoSlots]strFlags
}

// memoMin is the length a string must exceed to be looked up or kept: shorter ones are
// scanned in a few words. memoSlots is the number of strings kept (the last of each
// slot).
const (
	memoMin   = 64
	memoSlots = 16
)

func memoSlot(s []byte) int {
	h := binary.LittleEndian.Uint64(s) ^ bits.RotateLeft64(binary.LittleEndian.Uint64(s[memoMin-8:]), 29)
	return int(h * 0x9e3779b97f4a7c15 >> 60)
}

// add keeps s, a string's bytes with its closing quote, when it is long.
func (m *strMemo) add(s []byte, f strFlags) {
	if len(s) > memoMin {
		k := memoSlot(s)
		m.strs[k], m.flags[k] = s, f
	}
}

// find looks up the string whose bytes (after its opening quote) start rest, at least
// memoMin bytes: its length with the closing quote and its flags.
func (m *strMemo) find(rest []byte) (n int, f strFlags, ok bool) {
	k := memoSlot(rest)
	if s := m.strs[k]; len(s) > 0 && bytes.HasPrefix(rest, s) {
		return len(s), m.flags[k], true
	}
	return 0, 0, false
}

// reset drops the strings (which point into the document).
func (m *strMemo) reset() { clear(m.strs[:]) }

// eqBytes flags (high bit) the bytes of w equal to c, exactly: no borrow crosses bytes.
func eqBytes(w uint64, c byte) uint64 {
	x := w ^ (swarLo * uint64(c)) // zero where w has c
	const low7 = 0x7f7f7f7f7f7f7f7f
	return ^(((x & low7) + low7) | x) & swarHi
}

// byteMask packs the high bits of m's bytes into bit i for byte i (the multiplication
// moves each to its place in the top byte, with no carries).
func byteMask(m uint64) uint64 { return (m >> 7) * 0x0102040810204080 >> 56 }

// The SWAR constants: a byte of ones, and the high bit of every byte.
const (
	swarLo = 0x0101010101010101
	swarHi = 0x8080808080808080
)

// nextSpecial returns the index of the first quote or backslash in d from i (and, with
// ctl, control character), or len(d) when there is none. Eight bytes at a time, each
// test flagging the bytes that match (hasZero, hasLess: exact for the lowest byte
// flagged, which is the only one read).
func nextSpecial(d []byte, i int, ctl bool) int {
	for ; i+8 <= len(d); i += 8 {
		w := binary.LittleEndian.Uint64(d[i:])
		m := hasZero(w^(swarLo*'"')) | hasZero(w^(swarLo*'\\'))
		if ctl {
			m |= hasLess(w, 0x20)
		}
		if m != 0 {
			return i + bits.TrailingZeros64(m)>>3
		}
	}
	for ; i < len(d); i++ {
		if c := d[i]; c == '"' || c == '\\' || ctl && c < 0x20 {
			return i
		}
	}
	return len(d)
}

// hasZero flags the zero bytes of x; hasLess the bytes below n (n ≤ 128).
func hasZero(x uint64) uint64           { return (x - swarLo) & ^x & swarHi }
func hasLess(x uint64, n uint64) uint64 { return (x - swarLo*n) & ^x & swarHi }

// rawString consumes a string and returns its content: aliasing the input when it
// holds no escape, decoded into a new buffer (fresh) otherwise.
func (l *lexer) rawString() (b []byte, fresh bool, err *decodeErr) {
	start := l.pos + 1
	f, err := l.stringEnd()
	if err != nil {
		return nil, false, err
	}
	s := l.data[start : l.pos-1]
	if f == 0 || f == strNonASCII && utf8.Valid(s) {
		return s, false, nil
	}
	out, ok := unquote(s)
	if !ok {
		return nil, false, l.badEscape(start)
	}
	return out, true, nil
}

// badEscape is the error of a string, its content from start, holding a bad escape; the
// lexer is put back at its opening quote.
func (l *lexer) badEscape(start int) *decodeErr {
	l.pos = start - 1
	return failf("invalid JSON at byte %d: bad escape in a string", start)
}

// str decodes a string value (text).
func (l *lexer) str() (string, *decodeErr) {
	if l.peek() != '"' {
		return "", l.typeErr("string")
	}
	start := l.pos + 1
	f, err := l.stringEnd()
	if err != nil {
		return "", err
	}
	s, ok := l.text(l.data[start:l.pos-1], f)
	if !ok {
		return "", l.badEscape(start)
	}
	return s, nil
}

// content decodes the content of a string whose end is known (between its quotes) as str
// does; "" when it holds a bad escape.
func (l *lexer) content(b []byte) string {
	f := strNonASCII // not known: checked
	if bytes.IndexByte(b, '\\') >= 0 {
		f |= strEscaped
	}
	s, _ := l.text(b, f)
	return s
}

// text decodes a string's content (between its quotes; f says whether it may hold an
// escape, or bytes that are not ASCII): copied into the lexer's chunks when it has them
// (carve, unquoteInto), else into an allocation of its own (a string that held escapes
// is its decoded buffer, no one else has it). ok is false for a bad escape, and the
// string then "".
func (l *lexer) text(b []byte, f strFlags) (string, bool) {
	if f == 0 || f == strNonASCII && utf8.Valid(b) {
		if l.strs != nil {
			return carve(l.strs, b), true
		}
		return string(b), true
	}
	if l.strs != nil {
		return unquoteInto(l.strs, b)
	}
	out, ok := unquote(b)
	return unsafe.String(unsafe.SliceData(out), len(out)), ok
}

// optStr decodes a string or null (ok false).
func (l *lexer) optStr() (s string, ok bool, err *decodeErr) {
	if l.isNull() {
		return "", false, nil
	}
	s, err = l.str()
	return s, err == nil, err
}

// unquote decodes a string's content the way encoding/json does: escapes, with a lone
// surrogate and invalid UTF-8 each becoming U+FFFD. ok is false for a bad escape or a
// control character.
func unquote(s []byte) ([]byte, bool) { return appendUnquoted(make([]byte, 0, len(s)), s) }

// appendUnquoted is unquote appending to out.
func appendUnquoted(out, s []byte) ([]byte, bool) {
	for i := 0; i < len(s); {
		if cap(out)-len(out) >= len(s)-i {
			// What is left fits in out's capacity as written, so it is decoded by
			// words (copyPlain) up to what the loop below must decode one at a time.
			if out, i = copyPlain(out, s, i); i == len(s) {
				break
			}
		}
		if j := plainEnd(s, i); j > i { // a run of plain ASCII, copied at once
			out = append(out, s[i:j]...)
			if i = j; i == len(s) {
				break
			}
		}
		c := s[i]
		switch {
		case c == '\\':
			if i+1 >= len(s) {
				return nil, false
			}
			if b := shortEscapes[s[i+1]]; b != 0 {
				out = append(out, b)
				i += 2
				continue
			}
			if s[i+1] != 'u' {
				return nil, false
			}
			r, ok := hex4(s[i+2:])
			if !ok {
				return nil, false
			}
			i += 6
			if utf16.IsSurrogate(r) {
				r2, ok := rune(0), false
				if i+1 < len(s) && s[i] == '\\' && s[i+1] == 'u' {
					r2, ok = hex4(s[i+2:])
				}
				if dec := utf16.DecodeRune(r, r2); ok && dec != utf8.RuneError {
					i += 6
					r = dec
				} else {
					r = utf8.RuneError
				}
			}
			out = utf8.AppendRune(out, r)
		case c < ' ':
			return nil, false
		case c < utf8.RuneSelf:
			out = append(out, c)
			i++
		default:
			r, size := utf8.DecodeRune(s[i:])
			if r == utf8.RuneError && size == 1 {
				out = utf8.AppendRune(out, utf8.RuneError)
			} else {
				out = append(out, s[i:i+size]...)
			}
			i += size
		}
	}
	return out, true
}

// copyPlain appends s's content from i to out, as appendUnquoted does, as far as it is
// plain ASCII and escapes of one character (\" \\ \/ \b \f \n \r \t), and returns
// out and where it stopped: at a byte the caller must decode (another escape, a control
// character, a byte that is not ASCII) or within eight bytes of the end. The JSON
// written inside a string (a decision record, a tool's reply) has an escaped quote every
// dozen bytes, and a run copied by append between two of them cost a call to memmove
// each. Every word is stored whole at the output's end before it is looked at: the
// caller has made sure that out has room for the rest of s as written (cap(out)-len(out)
// >= len(s)-i), which a decoding never exceeds here (it only drops backslashes), so the
// bytes stored past the decoded ones stay inside out's capacity, are not part of out,
// and are written over by what comes next.
func copyPlain(out, s []byte, i int) ([]byte, int) {
	n := len(out)
	dst := out[:cap(out)]
	for i+8 <= len(s) {
		w := binary.LittleEndian.Uint64(s[i:])
		binary.LittleEndian.PutUint64(dst[n:], w)
		// As plainEnd: each test is exact for its lowest flagged byte.
		m := hasZero(w^(swarLo*'\\')) | hasLess(w, 0x20) | w&swarHi
		if m == 0 {
			i, n = i+8, n+8
			continue
		}
		k := bits.TrailingZeros64(m) >> 3
		i, n = i+k, n+k
		if s[i] != '\\' || i+1 == len(s) {
			break
		}
		e := shortEscapes[s[i+1]]
		if e == 0 {
			break
		}
		dst[n] = e
		i, n = i+2, n+1
	}
	return dst[:n], i
}

// shortEscapes maps the character after a backslash to the byte the escape stands for,
// for the escapes of one character; 0 for any other.
var shortEscapes = [256]byte{'"': '"', '\\': '\\', '/': '/', 'b': '\b', 'f': '\f', 'n': '\n', 'r': '\r', 't': '\t'}

// plainEnd returns the index of the first byte from i of s that is a backslash, a
// control character or not ASCII (len(s) when there is none), eight bytes at a time.
func plainEnd(s []byte, i int) int {
	for ; i+8 <= len(s); i += 8 {
		w := binary.LittleEndian.Uint64(s[i:])
		// Each test is exact for its lowest flagged byte, so the lowest of all is too.
		if m := hasZero(w^(swarLo*'\\')) | hasLess(w, 0x20) | w&swarHi; m != 0 {
			return i + bits.TrailingZeros64(m)>>3
		}
	}
	for ; i < len(s); i++ {
		if c := s[i]; c == '\\' || c < 0x20 || c >= 0x80 {
			return i
		}
	}
	return len(s)
}

func hex4(b []byte) (rune, bool) {
	if len(b) < 4 {
		return 0, false
	}
	var r rune
	for _, c := range b[:4] {
		switch {
		case c >= '0' && c <= '9':
			c -= '0'
		case c >= 'a' && c <= 'f':
			c = c - 'a' + 10
		case c >= 'A' && c <= 'F':
			c = c - 'A' + 10
		default:
			return 0, false
		}
		r = r<<4 | rune(c)
	}
	return r, true
}
