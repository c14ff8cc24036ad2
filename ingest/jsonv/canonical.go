package jsonv

import (
	"math"
	"math/bits"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Canonical returns json.dumps(v, sort_keys=True, separators=(",", ":"),
// ensure_ascii=ascii) as Python writes it. Case hashes use ascii=false; evidence-delta
// keys use ascii=true.
func Canonical(v any, ascii bool) []byte {
	return AppendCanonical(nil, v, ascii)
}

// AppendCanonical appends the canonical form of v to dst.
func AppendCanonical(dst []byte, v any, ascii bool) []byte {
	switch x := v.(type) {
	case nil:
		return append(dst, "null"...)
	case bool:
		if x {
			return append(dst, "true"...)
		}
		return append(dst, "false"...)
	case int64:
		return strconv.AppendInt(dst, x, 10)
	case int:
		return strconv.AppendInt(dst, int64(x), 10)
	case BigInt:
		return append(dst, x...)
	case float64:
		switch {
		case math.IsNaN(x):
			return append(dst, "NaN"...)
		case math.IsInf(x, 1):
			return append(dst, "Infinity"...)
		case math.IsInf(x, -1):
			return append(dst, "-Infinity"...)
		}
		return AppendFloatRepr(dst, x)
	case string:
		return appendQuoted(dst, x, ascii)
	case []any:
		dst = append(dst, '[')
		for i, e := range x {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = AppendCanonical(dst, e, ascii)
		}
		return append(dst, ']')
	case *Object:
		var small [16]int
		idx := small[:0]
		if x.Len() > len(small) {
			idx = make([]int, 0, x.Len())
		}
		sorted := true
		for i := range x.Len() {
			idx = append(idx, i)
			if i > 0 && x.Keys[i] < x.Keys[i-1] {
				sorted = false
			}
		}
		// Byte order of UTF-8 equals code-point order, which is Python's str order. Keys
		// are unique, so the order is total and an unstable sort is deterministic.
		if !sorted {
			slices.SortFunc(idx, func(a, b int) int { return strings.Compare(x.Keys[a], x.Keys[b]) })
		}
		dst = append(dst, '{')
		for n, i := range idx {
			if n > 0 {
				dst = append(dst, ',')
			}
			dst = appendQuoted(dst, x.Keys[i], ascii)
			dst = append(dst, ':')
			dst = AppendCanonical(dst, x.Values[i], ascii)
		}
		return append(dst, '}')
	default:
		return append(dst, "null"...)
	}
}

const hexDigits = "0123456789abcdef"

// appendQuoted appends s as a JSON string. Runs of plain ASCII (the common case: ids,
// tool names, most values) are found eight bytes at a time and copied whole; every other
// rune goes through appendRune, except that ascii=false copies valid UTF-8 as it is (the
// bytes utf8.AppendRune would write again).
func appendQuoted(dst []byte, s string, ascii bool) []byte {
	dst = append(dst, '"')
	start := 0
	for i := 0; ; {
		i += plainRun(s[i:])
		if i >= len(s) {
			break
		}
		dst = append(dst, s[start:i]...)
		c := s[i]
		if c < utf8.RuneSelf {
			dst = appendRune(dst, rune(c), ascii)
			i++
		} else {
			r, size := utf8.DecodeRuneInString(s[i:]) // invalid bytes become U+FFFD, as range does
			if ascii || r == utf8.RuneError && size == 1 {
				dst = appendRune(dst, r, ascii)
			} else {
				dst = append(dst, s[i:i+size]...)
			}
			i += size
		}
		start = i
	}
	dst = append(dst, s[start:]...)
	return append(dst, '"')
}

// plainRun is the length of s's leading run of bytes that a JSON string holds as they are
// in both modes: printable ASCII other than '"' and '\\'. As in Decoder.plain, the lowest
// flagged byte of specialBytes's mask is always a true match; a string of eight bytes or
// more ends with one word that overlaps the last full one rather than a byte loop (most
// keys and ids are 8 to 30 bytes).
func plainRun(s string) int {
	n := len(s)
	if n < 8 {
		for i := range n {
			if !plainASCII[s[i]] {
				return i
			}
		}
		return n
	}
	i := 0
	for ; i+8 <= n; i += 8 {
		if m := specialBytes(load64(s[i:])); m != 0 {
			return i + bits.TrailingZeros64(m)>>3
		}
	}
	if i < n {
		// The bytes of the last word already scanned are plain: they flag nothing and start
		// no borrow, so masking them off leaves the mask exact for the rest.
		seen := uint(i - (n - 8))
		if m := specialBytes(load64(s[n-8:])) & (^uint64(0) << (8 * seen)); m != 0 {
			return n - 8 + bits.TrailingZeros64(m)>>3
		}
	}
	return n
}

// specialBytes flags (in each byte's high bit) the bytes of w that are not plain: below
// 0x20, '"', '\\', DEL, or with the high bit set (flagged exactly). Only the lowest flag is
// sure: a borrow from a true match may flag the byte above it.
func specialBytes(w uint64) uint64 {
	return hasLess(w, 0x20) | hasZero(w^(swarLo*'"')) | hasZero(w^(swarLo*'\\')) | hasZero(w^(swarLo*0x7f)) | w&swarHi
}

// plainASCII marks the bytes plainRun copies as they are, for strings too short for a word.
var plainASCII = func() (t [256]bool) {
	for c := 0x20; c < 0x7f; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

// load64 reads s's first eight bytes little-endian; the compiler merges the loads into one.
func load64(s string) uint64 {
	_ = s[7]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

// appendRune appends one rune of a JSON string as Python's json.dumps writes it.
func appendRune(dst []byte, r rune, ascii bool) []byte {
	switch r {
	case '"':
		return append(dst, '\\', '"')
	case '\\':
		return append(dst, '\\', '\\')
	case '\n':
		return append(dst, '\\', 'n')
	case '\r':
		return append(dst, '\\', 'r')
	case '\t':
		return append(dst, '\\', 't')
	case '\b':
		return append(dst, '\\', 'b')
	case '\f':
		return append(dst, '\\', 'f')
	}
	switch {
	case r < 0x20:
		return appendU4(dst, r)
	case r == 0x7f && ascii:
		// Python's ensure_ascii escapes everything outside ' '..'~', DEL included.
		return appendU4(dst, r)
	case r < utf8.RuneSelf || !ascii:
		return utf8.AppendRune(dst, r)
	case r > 0xFFFF:
		r -= 0x10000
		dst = appendU4(dst, 0xD800+(r>>10))
		return appendU4(dst, 0xDC00+(r&0x3FF))
	default:
		return appendU4(dst, r)
	}
}

func appendU4(dst []byte, r rune) []byte {
	return append(dst, '\\', 'u', hexDigits[r>>12&15], hexDigits[r>>8&15], hexDigits[r>>4&15], hexDigits[r&15])
}

// AppendFloatRepr appends Python's repr of a finite float: the shortest digits that
// round-trip, positional with a trailing ".0" when the decimal exponent is in [-4, 16),
// otherwise scientific with a signed exponent of at least two digits ("1e-05", "1e+16").
func AppendFloatRepr(dst []byte, f float64) []byte {
	if f == 0 {
		if math.Signbit(f) {
			return append(dst, "-0.0"...)
		}
		return append(dst, "0.0"...)
	}
	var tmp [32]byte
	e := strconv.AppendFloat(tmp[:0], f, 'e', -1, 64) // e.g. "-1.2345e+02"
	mant, exp, _ := strings.Cut(string(e), "e")
	x, _ := strconv.Atoi(exp)
	neg := mant[0] == '-'
	if neg {
		mant = mant[1:]
	}
	digits := strings.Replace(mant, ".", "", 1)
	if neg {
		dst = append(dst, '-')
	}
	if x < -4 || x >= 16 {
		dst = append(dst, digits[0])
		if len(digits) > 1 {
			dst = append(dst, '.')
			dst = append(dst, digits[1:]...)
		}
		dst = append(dst, 'e')
		if x < 0 {
			dst = append(dst, '-')
			x = -x
		} else {
			dst = append(dst, '+')
		}
		if x < 10 {
			dst = append(dst, '0')
		}
		return strconv.AppendInt(dst, int64(x), 10)
	}
	if x < 0 {
		dst = append(dst, "0."...)
		for i := 0; i < -x-1; i++ {
			dst = append(dst, '0')
		}
		return append(dst, digits...)
	}
	if len(digits) <= x+1 {
		dst = append(dst, digits...)
		for i := len(digits); i < x+1; i++ {
			dst = append(dst, '0')
		}
		return append(dst, ".0"...)
	}
	dst = append(dst, digits[:x+1]...)
	dst = append(dst, '.')
	return append(dst, digits[x+1:]...)
}
