package render

import "strings"

// The LaTeX form cannot see the document it will be pasted into, so it estimates sizes in
// the default article class (10 pt Computer Modern) to choose a layout: which headers to
// wrap or turn, whether a table needs the page width, whether it is too long for a float
// and which type size a longtable uses. TeX itself picks the type size of a float (see
// latexFitMacro), so these estimates only need to be close.

// Nominal sizes of a 10 pt article, in points: the text width of one column (two-column
// layout), of a one-column page, and the text height.
const (
	columnPt     = 229.5
	pagePt       = 345.0
	textHeightPt = 550.0
	// landscapeMinPt is the least text height of a 10, 11 and 12 pt article (11 pt's):
	// the width of a landscape page in the smallest of them.
	landscapeMinPt = 541.4
	// minScale is the smallest scaling of \footnotesize (8 pt) type the layout allows:
	// 7 pt, 70% of the body size.
	minScale = 0.875
)

// cmr10 and cmbx10 glyph widths in points at 10 pt for ASCII 32..126 (from the TFM files;
// the space is the interword space, \\fontdimen2).
var (
	cmrWidths  = [95]float64{3.33, 2.78, 5.0, 8.33, 5.0, 8.33, 7.78, 2.78, 3.89, 3.89, 5.0, 7.78, 2.78, 3.33, 2.78, 5.0, 5.0, 5.0, 5.0, 5.0, 5.0, 5.0, 5.0, 5.0, 5.0, 5.0, 2.78, 2.78, 7.78, 7.78, 7.78, 4.72, 7.78, 7.5, 7.08, 7.22, 7.64, 6.81, 6.53, 7.85, 7.5, 3.61, 5.14, 7.78, 6.25, 9.17, 7.5, 7.78, 6.81, 7.78, 7.36, 5.56, 7.22, 7.5, 7.5, 10.28, 7.5, 7.5, 6.11, 2.78, 5.0, 2.78, 5.0, 5.0, 2.78, 5.0, 5.56, 4.44, 5.56, 4.44, 3.06, 5.0, 5.56, 2.78, 3.06, 5.28, 2.78, 8.33, 5.56, 5.0, 5.56, 5.28, 3.92, 3.94, 3.89, 5.56, 5.28, 7.22, 5.28, 5.28, 4.44, 5.0, 2.78, 5.0, 5.0}
	cmbxWidths = [95]float64{3.83, 3.5, 6.03, 9.58, 5.75, 9.58, 8.94, 3.19, 4.47, 4.47, 5.75, 8.94, 3.19, 3.83, 3.19, 5.75, 5.75, 5.75, 5.75, 5.75, 5.75, 5.75, 5.75, 5.75, 5.75, 5.75, 3.19, 3.19, 8.94, 8.94, 8.94, 5.43, 8.94, 8.69, 8.18, 8.31, 8.82, 7.56, 7.24, 9.04, 9.0, 4.36, 5.94, 9.01, 6.92, 10.92, 9.0, 8.64, 7.86, 8.64, 8.62, 6.39, 8.0, 8.85, 8.69, 11.89, 8.69, 8.69, 7.03, 3.19, 6.03, 3.19, 5.75, 5.75, 3.19, 5.59, 6.39, 5.11, 6.39, 5.27, 3.51, 5.75, 6.39, 3.19, 3.51, 6.07, 3.19, 9.58, 6.39, 5.75, 6.39, 6.07, 4.74, 4.54, 4.47, 6.39, 6.07, 8.31, 6.07, 6.07, 5.11, 5.75, 3.19, 5.75, 5.75}
)

// texWidth estimates the width in points at 10 pt of raw (unescaped) text as the LaTeX
// form prints it; the characters it spells in math (−, ±, Greek) and other non-ASCII ones
// count as wide as a digit or an operator.
func texWidth(s string, bold bool) float64 {
	w := 0.0
	table := &cmrWidths
	if bold {
		table = &cmbxWidths
	}
	for _, r := range s {
		switch {
		case r >= 32 && r <= 126:
			w += table[r-32]
		case r == '—':
			w += 10
		case strings.ContainsRune("−±×≤≥→", r):
			w += 7.78
		default:
			w += 5.5
		}
	}
	return w
}

// typeSize is one step of the LaTeX form's type sizes: the command; the width of its
// text relative to 10 pt (the smaller designs of Computer Modern are relatively wider:
// a digit is 4.625 pt in cmr9, 4.25 pt in cmr8, 4 pt in cmr7); the baselineskip in
// points and the \tabcolsep used with it.
type typeSize struct {
	cmd               string
	scale, skip, tsep float64
	// abs selects the same size in points whatever the document's size (a longtable's).
	abs string
}

// The sizes a table is tried in, largest first; latexFitMacro uses the first three.
var typeSizes = []typeSize{
	{"", 1, 12, 6, `\fontsize{10}{12}\selectfont`},
	{`\small`, 0.925, 11, 4, `\fontsize{9}{11}\selectfont`},
	{`\footnotesize`, 0.85, 9.5, 3, `\fontsize{8}{9.5}\selectfont`},
	{`\scriptsize`, 0.8, 8, 2, `\fontsize{7}{8}\selectfont`},
}

// wrapHeader breaks a header into lines no wider than width at 10 pt where it can: after
// spaces (which are dropped), underscores and slashes, but not inside brackets ("[95% CI]"
// stays whole). A piece wider than width stays whole. Pieces on one line are joined as
// the header has them: "$ / main" keeps its spaces, "customer_policy_qa" has none.
func wrapHeader(h string, width float64) []string {
	type piece struct {
		s     string
		space bool // a space stood before it in h
	}
	var pieces []piece
	start, depth, space := 0, 0, false
	cut := func(end, next int, spaceAfter bool) {
		pieces = append(pieces, piece{h[start:end], space})
		start, space = next, spaceAfter
	}
	for i, r := range h {
		switch r {
		case '[', '(':
			depth++
			continue
		case ']', ')':
			depth--
			continue
		}
		if depth > 0 {
			continue
		}
		switch r {
		case ' ':
			cut(i, i+1, true)
		case '_', '/':
			cut(i+1, i+1, false)
		}
	}
	cut(len(h), len(h), false)
	var lines []string
	cur := ""
	for _, p := range pieces {
		if p.s == "" {
			continue
		}
		next := p.s
		if cur != "" {
			sep := ""
			if p.space {
				sep = " "
			}
			next = cur + sep + p.s
		}
		if cur != "" && texWidth(next, false) > width {
			lines = append(lines, cur)
			cur = p.s
			continue
		}
		cur = next
	}
	if cur != "" || len(lines) == 0 {
		lines = append(lines, cur)
	}
	return lines
}

// widestPiece is the width of the widest part of h that wrapHeader cannot break.
func widestPiece(h string) float64 {
	w := 0.0
	for _, p := range wrapHeader(h, 0) {
		w = max(w, texWidth(p, false))
	}
	return w
}
