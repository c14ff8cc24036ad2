package inspect

import (
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

// TestStringEnd checks the word-at-a-time string end against a byte-by-byte one, on
// strings dense with quotes and runs of backslashes at every alignment, and cut short.
func TestStringEnd(t *testing.T) {
	naive := func(d []byte) (end int, escaped, ok bool) {
		for i := 1; i < len(d); i++ {
			switch d[i] {
			case '"':
				return i + 1, escaped, true
			case '\\':
				escaped = true
				i++
			}
		}
		return len(d), false, false
	}
	rng := rand.New(rand.NewPCG(3, 4))
	alphabet := []byte(`"\\ab`)
	for range 20000 {
		d := make([]byte, 1+rng.IntN(40))
		d[0] = '"'
		for i := 1; i < len(d); i++ {
			d[i] = alphabet[rng.IntN(len(alphabet))]
		}
		l := &lexer{data: d}
		esc, err := l.stringEnd()
		end, wantEsc, ok := naive(d)
		if ok != (err == nil) || l.pos != end || ok && esc != wantEsc {
			t.Fatalf("stringEnd(%q) = pos %d, escaped %v, %v; want %d, %v, ok %v", d, l.pos, esc, err, end, wantEsc, ok)
		}
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
