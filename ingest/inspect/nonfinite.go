package inspect

import (
	"bytes"
	"io"
)

// Inspect writes a non-finite score (NaN, its "unscored" sentinel, and ±Infinity) as the
// bare constants NaN, Infinity and -Infinity, which are not JSON. The reader turns each
// such token outside a string into null, before decoding: a NaN value reads as unscored
// (as Inspect means it), a NaN metric as NaN, and an infinite value as unscored too.

var nonFiniteTokens = [][]byte{[]byte("NaN"), []byte("Infinity"), []byte("-Infinity")}

var jsonNull = []byte("null")

// nonFinite tracks whether the scan is inside a JSON string, across calls.
type nonFinite struct {
	inStr, esc bool
}

// process rewrites data, returning the output and, unless final, the unprocessed tail
// that might be the start of a token cut by the end of the chunk.
func (n *nonFinite) process(dst, data []byte, final bool) (out, carry []byte) {
	for i := 0; i < len(data); i++ {
		c := data[i]
		if n.inStr {
			switch {
			case n.esc:
				n.esc = false
			case c == '\\':
				n.esc = true
			case c == '"':
				n.inStr = false
			}
			dst = append(dst, c)
			continue
		}
		switch c {
		case '"':
			n.inStr = true
		case 'N', 'I', '-':
			matched, partial := false, false
			for _, tok := range nonFiniteTokens {
				if bytes.HasPrefix(data[i:], tok) {
					dst = append(dst, jsonNull...)
					i += len(tok) - 1
					matched = true
					break
				}
				if !final && len(data)-i < len(tok) && bytes.HasPrefix(tok, data[i:]) {
					partial = true
				}
			}
			if matched {
				continue
			}
			if partial {
				return dst, data[i:]
			}
		}
		dst = append(dst, c)
	}
	return dst, nil
}

// sanitizeNonFinite rewrites a whole JSON document; data without the constants is
// returned as is.
func sanitizeNonFinite(data []byte) []byte {
	if !hasNonFinite(data) {
		return data
	}
	var n nonFinite
	out, _ := n.process(make([]byte, 0, len(data)+16), data, true)
	return out
}

// containsNonFinite reports whether data holds "NaN" or "Infinity" ("-Infinity" holds
// the second) anywhere, in a string or not: data without them needs no rewriting.
func containsNonFinite(data []byte) bool {
	return bytes.Contains(data, nonFiniteTokens[0]) || bytes.Contains(data, nonFiniteTokens[1])
}

// isNonFiniteAt reports whether data starts with "NaN" or "Infinity".
func isNonFiniteAt(data []byte) bool {
	return bytes.HasPrefix(data, nonFiniteTokens[0]) || bytes.HasPrefix(data, nonFiniteTokens[1])
}

// nonFiniteReader rewrites a JSON stream on the fly.
type nonFiniteReader struct {
	r       io.Reader
	n       nonFinite
	buf     []byte
	pending []byte // rewritten, not yet read
	carry   []byte // read, not yet rewritten: a possible token cut by a chunk's end
	err     error
}

func newNonFiniteReader(r io.Reader) *nonFiniteReader {
	return &nonFiniteReader{r: r, buf: make([]byte, 64<<10)}
}

func (f *nonFiniteReader) Read(p []byte) (int, error) {
	for len(f.pending) == 0 {
		if f.err != nil {
			if len(f.carry) > 0 {
				f.pending, _ = f.n.process(nil, f.carry, true)
				f.carry = nil
				continue
			}
			return 0, f.err
		}
		m, err := f.r.Read(f.buf)
		f.err = err
		data := f.buf[:m]
		if len(f.carry) > 0 {
			data = append(f.carry, data...)
			f.carry = nil
		}
		var carry []byte
		f.pending, carry = f.n.process(f.pending[:0], data, false)
		f.carry = append([]byte(nil), carry...)
	}
	c := copy(p, f.pending)
	f.pending = f.pending[c:]
	return c, nil
}
