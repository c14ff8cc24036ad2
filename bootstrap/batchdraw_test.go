package bootstrap

import (
	"math/big"
	"slices"
	"testing"
)

// specCount is the direct path's documented layout written plainly with big integers: output
// x_i gives the k base-n digits of ⌊x_i·n^k / 2^64⌋, most significant first, unless
// x_i·n^k mod 2^64 < 2^64 mod n^k; units are taken in that order until need are drawn.
func specCount(seed uint64, n, need int, class []int32, c []float64) {
	k, nk := 0, big.NewInt(1)
	two56 := new(big.Int).Lsh(big.NewInt(1), 56)
	for {
		next := new(big.Int).Mul(nk, big.NewInt(int64(n)))
		if next.Cmp(two56) > 0 && k > 0 {
			break
		}
		nk, k = next, k+1
		if n == 1 {
			break
		}
	}
	two64 := new(big.Int).Lsh(big.NewInt(1), 64)
	thresh := new(big.Int).Mod(two64, nk)
	for i := 1; need > 0; i++ {
		x := new(big.Int).SetUint64(mix64(seed + uint64(i)*golden))
		prod := new(big.Int).Mul(x, nk)
		low := new(big.Int).Mod(prod, two64)
		if low.Cmp(thresh) < 0 {
			continue
		}
		d := new(big.Int).Rsh(prod, 64)
		digits := make([]int, k)
		for j := k - 1; j >= 0; j-- {
			r := new(big.Int)
			d.DivMod(d, big.NewInt(int64(n)), r)
			digits[j] = int(r.Int64())
		}
		for _, u := range digits[:min(k, need)] {
			c[class[u]]++
		}
		need -= min(k, need)
	}
}

// TestBatchDrawerLayout: the batched draw is the documented layout, for unit counts with one
// to many indices per output (and n = 1).
func TestBatchDrawerLayout(t *testing.T) {
	for _, n := range []int{1, 2, 7, 132, 570, 65_537, 1<<20 + 3} {
		class := make([]int32, n)
		for u := range class {
			class[u] = int32(u)
		}
		d := newBatchDrawer(n)
		for b := range 20 {
			need := min(n, 600)
			got, want := make([]float64, n), make([]float64, n)
			seed := ReplicateSeed(uint64(n), b)
			d.count(seed, need, class, got)
			specCount(seed, n, need, class, want)
			if !slices.Equal(got, want) {
				t.Fatalf("n=%d, replicate %d: counts differ from the layout", n, b)
			}
		}
	}
}

// TestBatchDrawerMatchesMultinomial: the direct draw's class totals each follow
// Binomial(n, size/n) (χ², P = 0.001), and every unit index is drawn equally often.
func TestBatchDrawerMatchesMultinomial(t *testing.T) {
	sizes := []int{30, 1, 7, 2, 12, 5, 40, 3, 1, 31}
	n := 0
	var class []int32
	for k, s := range sizes {
		n += s
		for range s {
			class = append(class, int32(k))
		}
	}
	d := newBatchDrawer(n)
	const draws = 100_000
	counts := make([]map[int]int, len(sizes))
	for k := range counts {
		counts[k] = map[int]int{}
	}
	c := make([]float64, len(sizes))
	for b := range draws {
		clear(c)
		d.count(ReplicateSeed(3, b), n, class, c)
		for k, v := range c {
			counts[k][int(v)]++
		}
	}
	for k, s := range sizes {
		chi2, df := chiSquarePMF(counts[k], draws, n, float64(s)/float64(n))
		if crit := chiSquareCritical(max(df, 1)); chi2 > crit {
			t.Errorf("class %d (size %d): χ² = %.1f on %d df > %.1f", k, s, chi2, df, crit)
		}
	}
	// Unit indices: uniform over n (χ² on n−1 df); a drawer off by one unit would fail.
	ids := make([]int32, n)
	for u := range ids {
		ids[u] = int32(u)
	}
	freq := make([]float64, n)
	for b := range draws / 10 {
		d.count(ReplicateSeed(4, b), n, ids, freq)
	}
	exp := float64(draws/10*n) / float64(n)
	chi2 := 0.0
	for _, f := range freq {
		chi2 += (f - exp) * (f - exp) / exp
	}
	if crit := chiSquareCritical(n - 1); chi2 > crit {
		t.Errorf("unit indices: χ² = %.1f on %d df > %.1f", chi2, n-1, crit)
	}
}

// TestResampleSumsDirectPath: with about five units per class (template clusters at many
// repeats) the plan draws units and counts classes; the result does not depend on the
// number of workers, and the estimate and jackknife are the unit bootstrap's.
func TestResampleSumsDirectPath(t *testing.T) {
	const n = 132
	num, den := make([]float64, n), make([]float64, n)
	for u := range n {
		den[u] = float64(30 + u%2)
		num[u] = float64(u % 30)
	}
	s, err := SumRatios(Ratio{num, den})
	if err != nil {
		t.Fatal(err)
	}
	plan := planClasses(s)
	if plan == nil || plan.mn != nil || len(plan.sizes) != 30 {
		t.Fatalf("plan: want 30 classes drawn unit by unit")
	}
	first := sameForWorkers(t, s, Options{Resamples: 2000, Method: BCa, Seed: 9}, 1, 2, 5)
	slow, err := Resample(n, s.Statistic(), 1, Options{Resamples: 200, Method: BCa})
	if err != nil {
		t.Fatal(err)
	}
	if first.Classes != 30 || first.Estimate[0] != slow.Estimate[0] || !slices.Equal(first.Jackknife(0), slow.Jackknife(0)) {
		t.Errorf("classes %d, estimate %v (unit path %v) or jackknife differ", first.Classes, first.Estimate[0], slow.Estimate[0])
	}
}
