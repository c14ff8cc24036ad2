package bootstrap

// wideChunk is how many units weightedSumsWide gathers at a time: their weights and row
// offsets fit on the stack.
const wideChunk = 128

// weightedSumsWide is weightedSums for the widths without an unrolled loop. Adding a row at a
// time into s loads and stores every sum per unit, and the branch on a zero weight
// mispredicts about a third of the time at count weights; instead the non-zero-weight units
// of a chunk are gathered once, and blocks of columns are summed in registers over them.
// Each column still adds the same products in unit order, so the sums are the same bits.
func weightedSumsWide(s, x []float64, cols int, w []float64) {
	s = s[:cols]
	clear(s)
	var wc [wideChunk]float64
	var off [wideChunk]int
	for c0 := 0; c0 < len(w); c0 += wideChunk {
		addRows(s, x, w[c0:min(c0+wideChunk, len(w))], c0*cols, &wc, &off)
	}
}

// addRows adds w[u]·x[base+u·len(s)+j] to s[j] for every j, in increasing u, skipping zero
// weights; w has at most wideChunk units. It gathers the non-zero weights and their rows'
// offsets first, without a branch to mispredict (a zero weight is stored, then overwritten
// by the next). The passes over the gathered rows take seven columns, the most whose sums,
// products and weight fit in amd64's 15 float registers (Go keeps X15 zero), then 6, 4, 2
// and 1 for the rest.
func addRows(s, x, w []float64, base int, wcs *[wideChunk]float64, offs *[wideChunk]int) {
	cols := len(s)
	var n uint
	for _, wu := range w {
		wcs[n%wideChunk], offs[n%wideChunk] = wu, base
		if wu != 0 {
			n++
		}
		base += cols
	}
	off := offs[:n]
	w = wcs[:len(off)]
	j := 0
	for ; j+7 <= cols; j += 7 {
		a := s[j : j+7 : j+7]
		a0, a1, a2, a3, a4, a5, a6 := a[0], a[1], a[2], a[3], a[4], a[5], a[6]
		for k, o := range off {
			p := x[o+j : o+j+7 : o+j+7]
			wu := w[k]
			a0 += float64(wu * p[0])
			a1 += float64(wu * p[1])
			a2 += float64(wu * p[2])
			a3 += float64(wu * p[3])
			a4 += float64(wu * p[4])
			a5 += float64(wu * p[5])
			a6 += float64(wu * p[6])
		}
		a[0], a[1], a[2], a[3], a[4], a[5], a[6] = a0, a1, a2, a3, a4, a5, a6
	}
	if j+6 <= cols {
		a := s[j : j+6 : j+6]
		a0, a1, a2, a3, a4, a5 := a[0], a[1], a[2], a[3], a[4], a[5]
		for k, o := range off {
			p := x[o+j : o+j+6 : o+j+6]
			wu := w[k]
			a0 += float64(wu * p[0])
			a1 += float64(wu * p[1])
			a2 += float64(wu * p[2])
			a3 += float64(wu * p[3])
			a4 += float64(wu * p[4])
			a5 += float64(wu * p[5])
		}
		a[0], a[1], a[2], a[3], a[4], a[5] = a0, a1, a2, a3, a4, a5
		j += 6
	}
	if j+4 <= cols {
		a := s[j : j+4 : j+4]
		a0, a1, a2, a3 := a[0], a[1], a[2], a[3]
		for k, o := range off {
			p := x[o+j : o+j+4 : o+j+4]
			wu := w[k]
			a0 += float64(wu * p[0])
			a1 += float64(wu * p[1])
			a2 += float64(wu * p[2])
			a3 += float64(wu * p[3])
		}
		a[0], a[1], a[2], a[3] = a0, a1, a2, a3
		j += 4
	}
	if j+2 <= cols {
		a := s[j : j+2 : j+2]
		a0, a1 := a[0], a[1]
		for k, o := range off {
			p := x[o+j : o+j+2 : o+j+2]
			wu := w[k]
			a0 += float64(wu * p[0])
			a1 += float64(wu * p[1])
		}
		a[0], a[1] = a0, a1
		j += 2
	}
	if j+1 <= cols {
		a := s[j : j+1 : j+1]
		a0 := a[0]
		for k, o := range off {
			p := x[o+j : o+j+1 : o+j+1]
			wu := w[k]
			a0 += float64(wu * p[0])
		}
		a[0] = a0
	}
}
