package textcut

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestPrefix(t *testing.T) {
	cases := []struct {
		s    string
		n    int
		want string
	}{
		{"abc", 5, "abc"},
		{"abc", 3, "abc"},
		{"abc", 2, "ab"},
		{"abc", 0, ""},
		{"abc", -1, ""},
		{"aé", 2, "a"},   // é is 2 bytes: a cut after its first byte drops it
		{"aé", 3, "aé"},  // whole
		{"a€b", 3, "a"},  // € is 3 bytes
		{"a€b", 4, "a€"}, // a cut right after it keeps it
		{"a😀b", 4, "a"},  // 4-byte character cut after its third byte
		{"😀b", 1, ""},    // nothing of the character fits
		{"a\x80\x80\x80\x80b", 5, "a\x80\x80\x80\x80"}, // not UTF-8: cut where asked
	}
	for _, c := range cases {
		if got := Prefix(c.s, c.n); got != c.want {
			t.Errorf("Prefix(%q, %d) = %q, want %q", c.s, c.n, got, c.want)
		}
	}
}

// TestPrefixValid: every cut of valid text is valid text, and as long as it can be.
func TestPrefixValid(t *testing.T) {
	s := strings.Repeat("aé€😀", 5)
	for n := 0; n <= len(s)+1; n++ {
		got := Prefix(s, n)
		if !utf8.ValidString(got) || len(got) > n || !strings.HasPrefix(s, got) {
			t.Fatalf("Prefix(s, %d) = %q", n, got)
		}
		if n < len(s) && len(got)+utf8.UTFMax <= n {
			t.Fatalf("Prefix(s, %d) = %q: shorter than a character's width below the budget", n, got)
		}
	}
}

func TestSuffix(t *testing.T) {
	cases := []struct {
		s    string
		n    int
		want string
	}{
		{"abc", 5, "abc"},
		{"abc", 2, "bc"},
		{"abc", 0, ""},
		{"éa", 2, "a"},   // the cut falls after é's first byte
		{"a€b", 3, "b"},  // inside €
		{"a€b", 4, "€b"}, // at its start
		{"a😀", 3, ""},    // nothing of the character fits
		{"a\x80\x80\x80\x80b", 5, "\x80\x80\x80\x80b"}, // not UTF-8: cut where asked
	}
	for _, c := range cases {
		if got := Suffix(c.s, c.n); got != c.want {
			t.Errorf("Suffix(%q, %d) = %q, want %q", c.s, c.n, got, c.want)
		}
	}
	s := strings.Repeat("aé€😀", 5)
	for n := 0; n <= len(s)+1; n++ {
		got := Suffix(s, n)
		if !utf8.ValidString(got) || len(got) > n || !strings.HasSuffix(s, got) || n < len(s) && len(got)+utf8.UTFMax <= n {
			t.Fatalf("Suffix(s, %d) = %q", n, got)
		}
	}
}
