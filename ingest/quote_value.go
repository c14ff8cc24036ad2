package ingest

import (
	"fmt"
	"strconv"
	"unicode/utf8"
)

// quoteHead and quoteTail are how much of a long value QuoteValue keeps, in bytes.
const quoteHead, quoteTail = 160, 40

// QuoteValue quotes a value read from the input for a message, as %q does, but a value
// past 200 bytes only by its start and end around "…" and its length: a 50 MB run id in
// an audit file was echoed whole, a 50 MB line of stderr.
func QuoteValue(s string) string {
	if len(s) <= quoteHead+quoteTail {
		return strconv.Quote(s)
	}
	head, tail := s[:quoteHead], s[len(s)-quoteTail:]
	for len(head) > 0 && !utf8.RuneStart(s[len(head)]) {
		head = head[:len(head)-1] // not into a character
	}
	for len(tail) > 0 && !utf8.RuneStart(tail[0]) {
		tail = tail[1:]
	}
	return fmt.Sprintf("%s…%s (%d bytes)", strconv.Quote(head), strconv.Quote(tail), len(s))
}
