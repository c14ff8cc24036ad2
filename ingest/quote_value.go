package ingest

import (
	"fmt"
	"strconv"

	"github.com/sabench/sabench-stats/ingest/textcut"
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
	// A cut inside a character moves to its edge (textcut); bytes that begin no character
	// (a run of \x80) are cut where they are, as %q escapes them: an unbounded trim cut
	// such a value's start and end to "" and kept neither.
	head, tail := textcut.Prefix(s, quoteHead), textcut.Suffix(s, quoteTail)
	return fmt.Sprintf("%s…%s (%d bytes)", strconv.Quote(head), strconv.Quote(tail), len(s))
}
