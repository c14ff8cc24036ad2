package ingest

import "slices"

// NamesLacking lists, in order and once each, the names holding a character has rejects:
// the one check behind the figures' (a glyph of the bundled font) and the LaTeX tables'
// (a character pdflatex sets) notes on names an output cannot show whole.
func NamesLacking(names []string, has func(rune) bool) []string {
	var out []string
	for _, n := range names {
		for _, r := range n {
			if !has(r) {
				if !slices.Contains(out, n) {
					out = append(out, n)
				}
				break
			}
		}
	}
	return out
}
