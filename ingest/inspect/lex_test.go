package inspect

import (
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
