package bootstrap

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestResampleSumsFastPathsExact: ResampleSums' replicates (packed integer sums, the chain's
// two-at-a-time draws) are, bit for bit, the floating-point sums at the weights the plain
// draw gives each replicate's seed. The shapes are random: values up to the packing limit
// (a lane whose sum can reach its last bit), constant columns (every resample's sum is the
// lane's largest value), few distinct rows (class counts, drawn by the chain or directly) or
// many (units drawn one by one); B = 1, odd, one short of a block, a block and one past it;
// one to three workers.
func TestResampleSumsFastPathsExact(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 17))
	packed, chained, plain := 0, 0, 0
	for trial := range 40 {
		units := 20 + r.IntN(500)
		cols := packMinCols + r.IntN(12)
		distinct := []int{2, 5, 40, units}[trial%4]
		// The largest value whose sum over all units fits a lane of width bits.
		width := []uint{3, 8, 17, 32}[r.IntN(4)]
		top := max(1, (uint64(1)<<width-1)/uint64(units))
		proto := make([][]float64, distinct)
		for i := range proto {
			proto[i] = make([]float64, cols)
			for j := range proto[i] {
				switch j % 3 {
				case 0: // the column's largest value at every unit
					proto[i][j] = float64(top)
				case 1:
					proto[i][j] = float64(r.Uint64N(top + 1))
				default:
					proto[i][j] = float64(top - r.Uint64N(2))
				}
			}
		}
		columns := make([][]float64, cols)
		for j := range columns {
			columns[j] = make([]float64, units)
		}
		for u := range units {
			row := proto[r.IntN(distinct)]
			for j := range cols {
				columns[j][u] = row[j]
			}
		}
		s, err := NewSumStat(columns, cols, func(s, out []float64) { copy(out, s) })
		if err != nil {
			t.Fatal(err)
		}
		plan := planClasses(s)
		x, rowsOf := s.x, units
		if plan != nil {
			x, rowsOf = plan.stat.x, len(plan.sizes)
			if plan.stat.packed != nil {
				packed++
			}
			if plan.mn != nil {
				chained++
			}
		} else {
			plain++
			if s.packed != nil {
				packed++
			}
		}
		B := []int{1, 63, 64, 65, 201}[trial%5]
		for _, workers := range []int{1, 2, 3} {
			opt := Options{Resamples: B, Seed: uint64(trial) + 1, Stream: "fast", Workers: workers}
			res, err := ResampleSums(s, opt)
			if err != nil {
				t.Fatal(err)
			}
			base := StreamSeed(res.Options.Seed, res.Options.Stream)
			w, want := make([]float64, rowsOf), make([]float64, cols)
			d := newDrawer(units)
			for b := range B {
				if plan != nil {
					plan.draw(ReplicateSeed(base, b), w)
				} else {
					clear(w)
					d.fill(ReplicateSeed(base, b), w)
				}
				weightedSums(want, x, cols, w)
				for j := range cols {
					got := res.Replicates(j)[b]
					if math.Float64bits(got) != math.Float64bits(want[j]) {
						t.Fatalf("trial %d (%d units, %d rows, %d columns, lane width %d), workers %d, B %d, replicate %d, column %d: %v, floats %v",
							trial, units, distinct, cols, width, workers, B, b, j, got, want[j])
					}
				}
			}
		}
	}
	if packed < 10 || chained < 5 || plain < 5 {
		t.Errorf("coverage: %d packed, %d chained, %d drawn unit by unit", packed, chained, plain)
	}
}
