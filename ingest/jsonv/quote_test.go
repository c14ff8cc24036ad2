package jsonv

import (
	"strings"
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

// tableQuoted is the byte-at-a-time encoder (a 256-entry table of plain bytes) that
// appendQuoted's eight-bytes-at-a-time scan replaced: a second reference.
func tableQuoted(s string, ascii bool) string {
	var plain [256]bool
	for c := 0x20; c < 0x7f; c++ {
		plain[c] = c != '"' && c != '\\'
	}
	dst := []byte{'"'}
	start := 0
	for i := 0; i < len(s); {
		if plain[s[i]] {
			i++
			continue
		}
		dst = append(dst, s[start:i]...)
		r, size := rune(s[i]), 1
		if r >= utf8.RuneSelf {
			r, size = utf8.DecodeRuneInString(s[i:])
		}
		dst = appendRune(dst, r, ascii)
		i += size
		start = i
	}
	dst = append(dst, s[start:]...)
	return string(append(dst, '"'))
}

// TestQuotedEveryPosition puts each kind of byte that needs attention at every offset of
// strings around the eight-byte word, where a SWAR scan can go wrong (a borrow, the tail).
func TestQuotedEveryPosition(t *testing.T) {
	specials := []string{"\"", "\\", "\x00", "\x1f", "\n", "\x7f", "\x80", "\xff", "é", "😀", "\u2028", "\xed\xa0\x80", "\xc3"}
	for n := 0; n <= 19; n++ {
		for at := 0; at <= n; at++ {
			for _, sp := range specials {
				base := strings.Repeat("a~ Z", 5)[:n]
				s := base[:at] + sp + base[at:]
				s2 := s + sp // a second one after the first
				for _, x := range []string{s, s2} {
					for _, ascii := range []bool{true, false} {
						if got, want := string(appendQuoted(nil, x, ascii)), tableQuoted(x, ascii); got != want {
							t.Fatalf("ascii=%v %q: %s, want %s", ascii, x, got, want)
						}
					}
				}
			}
		}
	}
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
	for _, s := range []string{"", "abc", "a\"\\\n\x00\x7f", "é😀\u2028", "\xed\xa0\x80", "x\xffy\xc3", "RES-PREREGISTRATION-77B2E2BB is \"current\"\x7f."} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, ascii := range []bool{true, false} {
			got := string(appendQuoted(nil, s, ascii))
			if want := referenceQuoted(s, ascii); got != want {
				t.Fatalf("ascii=%v %q: %s, want %s", ascii, s, got, want)
			}
			if want := tableQuoted(s, ascii); got != want {
				t.Fatalf("ascii=%v %q: %s, want (table) %s", ascii, s, got, want)
			}
		}
	})
}

// BenchmarkAppendQuoted quotes the string values and keys of the ten real case specs (ids,
// tool names, prose), in both modes, as AppendCanonical meets them.
func BenchmarkAppendQuoted(b *testing.B) {
	docs, _ := benchDocs(b)
	var strs []string
	var walk func(v any)
	walk = func(v any) {
		switch x := v.(type) {
		case string:
			strs = append(strs, x)
		case []any:
			for _, e := range x {
				walk(e)
			}
		case *Object:
			for i := range x.Len() {
				strs = append(strs, x.Keys[i])
				walk(x.Values[i])
			}
		}
	}
	var n int64
	for _, d := range docs {
		v, err := Parse(d)
		if err != nil {
			b.Fatal(err)
		}
		walk(v)
	}
	for _, s := range strs {
		n += int64(len(s))
	}
	b.SetBytes(2 * n)
	b.ReportAllocs()
	var buf []byte
	for b.Loop() {
		for _, ascii := range []bool{false, true} {
			for _, s := range strs {
				buf = appendQuoted(buf[:0], s, ascii)
			}
		}
	}
}
