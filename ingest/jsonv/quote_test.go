package jsonv

import (
	"testing"
	"unicode/utf8"
)

// referenceQuoted is the rune-by-rune encoder appendQuoted replaced (before its ASCII fast
// path): kept as the reference that FuzzQuotedMatchesReference compares against.
func referenceQuoted(s string, ascii bool) string {
	dst := []byte{'"'}
	for _, r := range s {
		switch r {
		case '"':
			dst = append(dst, '\\', '"')
		case '\\':
			dst = append(dst, '\\', '\\')
		case '\n':
			dst = append(dst, '\\', 'n')
		case '\r':
			dst = append(dst, '\\', 'r')
		case '\t':
			dst = append(dst, '\\', 't')
		case '\b':
			dst = append(dst, '\\', 'b')
		case '\f':
			dst = append(dst, '\\', 'f')
		default:
			switch {
			case r < 0x20, r == 0x7f && ascii:
				dst = appendU4(dst, r)
			case r < utf8.RuneSelf || !ascii:
				dst = utf8.AppendRune(dst, r)
			case r > 0xFFFF:
				r -= 0x10000
				dst = appendU4(dst, 0xD800+(r>>10))
				dst = appendU4(dst, 0xDC00+(r&0x3FF))
			default:
				dst = appendU4(dst, r)
			}
		}
	}
	return string(append(dst, '"'))
}

func TestQuotedCases(t *testing.T) {
	for _, c := range []struct {
		in          string
		ascii, want string
	}{
		{"plain id-42", `"plain id-42"`, `"plain id-42"`},
		{"a\"b\\c", `"a\"b\\c"`, `"a\"b\\c"`},
		{"\n\t\x01\x7f", `"\n\t\u0001\u007f"`, "\"\\n\\t\\u0001\x7f\""},
		{"é😀", `"\u00e9\ud83d\ude00"`, "\"é😀\""},
		{"bad\xffutf8", `"bad\ufffdutf8"`, "\"bad\uFFFDutf8\""},
	} {
		if got := string(appendQuoted(nil, c.in, true)); got != c.ascii {
			t.Errorf("ascii %q: %s, want %s", c.in, got, c.ascii)
		}
		if got := string(appendQuoted(nil, c.in, false)); got != c.want {
			t.Errorf("utf-8 %q: %s, want %s", c.in, got, c.want)
		}
	}
}

func FuzzQuotedMatchesReference(f *testing.F) {
	for _, s := range []string{"", "abc", "a\"\\\n\x00\x7f", "é😀\u2028", "\xed\xa0\x80", "x\xffy\xc3"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, ascii := range []bool{true, false} {
			if got, want := string(appendQuoted(nil, s, ascii)), referenceQuoted(s, ascii); got != want {
				t.Fatalf("ascii=%v %q: %s, want %s", ascii, s, got, want)
			}
		}
	})
}
