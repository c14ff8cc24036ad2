package inspect

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"testing"
)

// TestNextSpecial checks the word-at-a-time search against a byte-by-byte one, on every
// start of strings that put the byte sought at every position of a word and past its end.
func TestNextSpecial(t *testing.T) {
	naive := func(d []byte, i int, ctl bool) int {
		for ; i < len(d); i++ {
			if c := d[i]; c == '"' || c == '\\' || ctl && c < 0x20 {
				return i
			}
		}
		return len(d)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	alphabet := []byte("ab{}:,\"\\\x01\x1f\x7f\x80\xff 0")
	for range 2000 {
		d := make([]byte, rng.IntN(40))
		for i := range d {
			if rng.IntN(6) == 0 {
				d[i] = alphabet[rng.IntN(len(alphabet))]
			} else {
				d[i] = 'a' + byte(rng.IntN(26))
			}
		}
		for i := 0; i <= len(d); i++ {
			for _, ctl := range []bool{false, true} {
				if got, want := nextSpecial(d, i, ctl), naive(d, i, ctl); got != want {
					t.Fatalf("nextSpecial(%q, %d, %v) = %d, want %d", d, i, ctl, got, want)
				}
			}
		}
	}
}

// naiveStringEnd reads the string at d[i] (its opening quote) byte by byte: where it
// ends (-1 when it does not) and its flags.
func naiveStringEnd(d []byte, i int) (end int, f strFlags) {
	for i++; i < len(d); i++ {
		c := d[i]
		switch {
		case c == '"':
			return i + 1, f
		case c == '\\':
			f |= strEscaped
			i++
			if i < len(d) && d[i] >= 0x80 {
				f |= strNonASCII
			}
		case c >= 0x80:
			f |= strNonASCII
		}
	}
	return -1, 0
}

// TestStringEnd checks the word-at-a-time string end against a byte-by-byte one, on
// strings dense with quotes, runs of backslashes and bytes that are not ASCII at every
// alignment, and cut short.
func TestStringEnd(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	alphabet := []byte("\"\\\\ab\xc3\xa9\x7f")
	for range 20000 {
		// Up to 200 bytes: past memoMin, the strings are read 64 bytes at a time.
		d := make([]byte, 1+rng.IntN(40+160*rng.IntN(2)))
		d[0] = '"'
		for i := 1; i < len(d); i++ {
			d[i] = alphabet[rng.IntN(len(alphabet))]
			if rng.IntN(3) > 0 {
				d[i] = alphabet[rng.IntN(4)] // mostly quotes, backslashes and ASCII
			}
		}
		l := &lexer{data: d}
		f, err := l.stringEnd()
		end, want := naiveStringEnd(d, 0)
		if ok := end >= 0; ok != (err == nil) || ok && (l.pos != end || f != want) || !ok && l.pos != len(d) {
			t.Fatalf("stringEnd(%q) = pos %d, flags %b, %v; want %d, %b", d, l.pos, f, err, end, want)
		}
	}
}

// TestStringEndSeen reads documents of long strings that repeat, whole or changed in
// one place (before, at and after the bytes a lookup compares first, escapes included),
// or cut short, with the strings seen before kept (strMemo): each string ends where a
// byte-by-byte reading ends it, with the same flags, whether it was found among them
// or scanned; and the repeats are found.
func TestStringEndSeen(t *testing.T) {
	pieces := []string{"a", "bc", `\"`, `\\`, `\\\"`, "x y", "é"}
	rng := rand.New(rand.NewPCG(7, 8))
	found := 0
	for range 300 {
		var base []byte
		for len(base) < 40+rng.IntN(200) {
			base = append(base, pieces[rng.IntN(len(pieces))]...)
		}
		doc := []byte{'['}
		for k := range 12 {
			v := append([]byte(nil), base...)
			switch k % 4 {
			case 1: // a byte changed
				v[rng.IntN(len(v))] = "ab\\\"\xff"[rng.IntN(5)]
			case 2: // cut short
				v = v[:rng.IntN(len(v))]
			case 3: // longer
				v = append(v, pieces[rng.IntN(len(pieces))]...)
			}
			if k > 0 {
				doc = append(doc, ',')
			}
			doc = append(append(append(doc, '"'), v...), '"')
		}
		doc = append(doc, ']')
		l := &lexer{data: doc, seen: &strMemo{}}
		for i := 1; i < len(doc); {
			if doc[i] != '"' {
				i++
				continue
			}
			end, want := naiveStringEnd(doc, i)
			if end < 0 {
				break
			}
			l.pos = i
			if len(doc)-i-1 <= memoMin {
				// too short to be looked up
			} else if k, _, ok := l.seen.find(doc[i+1:]); ok && k == end-i-1 {
				found++
			}
			f, err := l.stringEnd()
			if err != nil || l.pos != end || f != want {
				t.Fatalf("string at %d of %q: end %d, flags %b, %v; want %d, %b", i, doc, l.pos, f, err, end, want)
			}
			i = end
		}
	}
	if found == 0 {
		t.Error("no string found among those seen")
	}
}

// TestUnquote checks unquote against encoding/json on random string contents: escapes
// (good and bad, surrogates paired and alone), control characters, valid and invalid
// UTF-8, and plain runs at every alignment.
func TestUnquote(t *testing.T) {
	pieces := []string{"a", "bcdefghij", `\"`, `\\`, `\/`, `\n`, `\t`, `\u00e9`, `\ud83d\ude00`, `\ud800`, `\udc00x`,
		`\q`, `\u12`, "\x01", "\x7f", "é", "\xff", "\xe2\x82", "😀", " "}
	rng := rand.New(rand.NewPCG(5, 6))
	for range 5000 {
		var b []byte
		for range rng.IntN(12) {
			b = append(b, pieces[rng.IntN(len(pieces))]...)
		}
		var want string
		werr := json.Unmarshal(append(append([]byte{'"'}, b...), '"'), &want)
		got, ok := unquote(b)
		if ok != (werr == nil) || ok && string(got) != want {
			t.Fatalf("unquote(%q) = %q, %v; encoding/json %q, %v", b, got, ok, want, werr)
		}
	}
}

// TestUnquoteByWords checks appendUnquoted against encoding/json on longer strings than
// TestUnquote (JSON written inside a string, runs of every length between escapes) and
// into outputs of every kind: with room for the string as written (decoded by words,
// copyPlain), without it (byte by byte), and after bytes already in the output, which
// must stay as they were.
func TestUnquoteByWords(t *testing.T) {
	pieces := []string{"a", "bcdefghij", "klmnopqrstuvwxyz0123", `\"`, `\\`, `\/`, `\b`, `\f`, `\n`, `\r`, `\t`,
		`{\"k\":\"v\"}`, `\u00e9`, `\ud83d\ude00`, `\ud800`, `\q`, `\u12`, "\x01", "é", "\xff", "😀", " "}
	rng := rand.New(rand.NewPCG(7, 8))
	for range 20000 {
		var b []byte
		for range rng.IntN(40) {
			b = append(b, pieces[rng.IntN(len(pieces))]...)
		}
		if rng.IntN(3) == 0 { // end on a backslash: a bad escape
			b = append(b, '\\')
		}
		var want string
		werr := json.Unmarshal(append(append([]byte{'"'}, b...), '"'), &want)
		prefix := []byte("prefix")[:rng.IntN(7)]
		var room int
		switch rng.IntN(3) {
		case 0:
			room = len(b) // exactly what the words need
		case 1:
			room = rng.IntN(len(b) + 1) // maybe too little: byte by byte
		default:
			room = len(b) + rng.IntN(20)
		}
		out := make([]byte, len(prefix), len(prefix)+room)
		copy(out, prefix)
		full := out[:cap(out)]
		for i := len(prefix); i < len(full); i++ {
			full[i] = '#' // what the words may write over
		}
		got, ok := appendUnquoted(out, b)
		if ok != (werr == nil) || ok && string(got) != string(prefix)+want {
			t.Fatalf("appendUnquoted(%q, %q) with room %d = %q, %v; encoding/json %q, %v", prefix, b, room, got, ok, want, werr)
		}
		if ok && !bytes.Equal(got[:len(prefix)], prefix) {
			t.Fatalf("appendUnquoted changed the bytes before it: %q", got)
		}
	}
}
