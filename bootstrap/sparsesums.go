package bootstrap

// sparseRows holds the non-zero entries of a wide SumStat's rows (compressed rows). The
// tables' many-cell statistics are wide and sparse: a case counts towards one domain's pair
// of columns out of ten, so a resample's sums cost two products per unit instead of twenty.
type sparseRows struct {
	start []int32 // row u's entries are [start[u], start[u+1])
	col   []int32
	val   []float64
}

// sparseMinCols is the width from which sparse rows are considered; the common narrow widths
// have unrolled dense loops (weightedSums).
const sparseMinCols = 5

// newSparseRows returns the compressed rows of x (units rows of cols values) when at most
// half of its entries are non-zero and it is wide enough to gain; nil otherwise.
func newSparseRows(x []float64, units, cols int) *sparseRows {
	if cols < sparseMinCols {
		return nil
	}
	nz := 0
	for _, v := range x[:units*cols] {
		if v != 0 {
			nz++
		}
	}
	if 2*nz > units*cols {
		return nil
	}
	sp := &sparseRows{start: make([]int32, units+1), col: make([]int32, 0, nz), val: make([]float64, 0, nz)}
	for u := range units {
		for j, v := range x[u*cols : (u+1)*cols] {
			if v != 0 {
				sp.col = append(sp.col, int32(j))
				sp.val = append(sp.val, v)
			}
		}
		sp.start[u+1] = int32(len(sp.col))
	}
	return sp
}

// sums sets s[j] = Σ_u w[u]·x[u][j] over the non-zero entries, adding the products to each
// column in unit order as weightedSums does, so the sums are the same bits: a zero entry's
// product is +0 (weights are counts, entries are stored without −0), which leaves a sum
// unchanged.
func (sp *sparseRows) sums(s, w []float64) {
	clear(s)
	start, col, val := sp.start[:len(w)+1], sp.col, sp.val
	for u, wu := range w {
		if wu == 0 {
			continue
		}
		for i := start[u]; i < start[u+1]; i++ {
			s[col[i]] += float64(wu * val[i])
		}
	}
}
