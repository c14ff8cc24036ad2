// Package textcut cuts text to a budget of bytes at a character's start. Messages and
// records quote values of any length cut short, and a cut inside a UTF-8 sequence would
// leave them invalid text (a terminal prints U+FFFD, a JSON writer refuses or escapes it).
package textcut

import "unicode/utf8"

// Prefix is s's longest prefix of at most n bytes that does not end inside a character;
// s itself when it is not longer than n. Only the last utf8.UTFMax-1 bytes before the cut
// are looked at: in text that is not UTF-8 there a byte-wise cut is as good as any.
func Prefix(s string, n int) string {
	if len(s) <= n {
		return s
	}
	if n <= 0 {
		return ""
	}
	for k := n; k > n-utf8.UTFMax && k >= 0; k-- {
		if k == 0 || utf8.RuneStart(s[k]) {
			return s[:k]
		}
	}
	return s[:n]
}

// Suffix is s's longest suffix of at most n bytes that does not begin inside a
// character; s itself when it is not longer than n. As in Prefix, at most utf8.UTFMax-1
// bytes are passed over.
func Suffix(s string, n int) string {
	if len(s) <= n {
		return s
	}
	if n <= 0 {
		return ""
	}
	start := len(s) - n
	for k := start; k < start+utf8.UTFMax && k <= len(s); k++ {
		if k == len(s) || utf8.RuneStart(s[k]) {
			return s[k:]
		}
	}
	return s[start:]
}
