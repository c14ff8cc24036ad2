package bootstrap

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// rankCorrelationsPair is RankCorrelations as it was before the columns were shared: every
// ratio's two sums in unit order, one ratio at a time. RankCorrelationsEach must give its bits.
func rankCorrelationsPair(a, b []Ratio) Statistic {
	sum := func(c, w []float64) float64 {
		var s float64
		for u, wu := range w {
			s += float64(wu * c[u])
		}
		return s
	}
	return func(w, out []float64) {
		x, y := make([]float64, len(a)), make([]float64, len(a))
		for j := range a {
			x[j] = sum(a[j].Num, w) / sum(a[j].Den, w)
			y[j] = sum(b[j].Num, w) / sum(b[j].Den, w)
		}
		if slices.ContainsFunc(x, bad) || slices.ContainsFunc(y, bad) {
			out[0], out[1] = math.NaN(), math.NaN()
			return
		}
		var sc rankScratch
		out[0], out[1] = sc.kendall(x, y), sc.spearman(x, y)
	}
}

// TestRankCorrelationsEachMatchesPairs: one statistic against three leaderboards gives, bit
// for bit, what each pair gives alone, with fractional columns (where the order of the
// additions shows), columns shared between leaderboards, a leaderboard whose ratio is 0/0
// in some draws, and item counts that leave one to three columns outside the four-column
// passes.
func TestRankCorrelationsEachMatchesPairs(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 9))
	const units = 37
	col := func(zeroFrom int) []float64 {
		c := make([]float64, units)
		for u := range c {
			if u < zeroFrom {
				c[u] = rng.Float64()*3 + 0.1
			}
		}
		return c
	}
	for items := 2; items <= 5; items++ {
		var a, b1, b2, b3 []Ratio
		for range items {
			den := col(units)
			a = append(a, Ratio{col(units), den})
			b1 = append(b1, Ratio{col(units), den})                // a's denominators
			b2 = append(b2, Ratio{col(units), col(units)})         // its own
			b3 = append(b3, Ratio{slices.Clone(a[0].Num), col(3)}) // only units 0–2 count
		}
		each, err := RankCorrelationsEach(a, b1, b2, b3)
		if err != nil {
			t.Fatal(err)
		}
		pairs := []Statistic{rankCorrelationsPair(a, b1), rankCorrelationsPair(a, b2), rankCorrelationsPair(a, b3)}
		w := make([]float64, units)
		got, want := make([]float64, 6), make([]float64, 2)
		nans := 0
		for range 300 {
			for u := range w {
				w[u] = float64(rng.IntN(3))
			}
			each(w, got)
			for i, p := range pairs {
				p(w, want)
				for k := range 2 {
					if math.Float64bits(got[2*i+k]) != math.Float64bits(want[k]) && !(math.IsNaN(got[2*i+k]) && math.IsNaN(want[k])) {
						t.Fatalf("%d items, leaderboard %d, output %d: %v, alone %v", items, i, k, got[2*i+k], want[k])
					}
				}
			}
			if math.IsNaN(got[4]) {
				nans++
			}
		}
		if nans == 0 || nans == 300 {
			t.Errorf("%d items: the third leaderboard was undefined in %d of 300 draws; the test needs both kinds", items, nans)
		}
	}
}

func TestRankCorrelationsEachRefuses(t *testing.T) {
	r := Ratio{[]float64{1, 2}, []float64{2, 2}}
	if _, err := RankCorrelationsEach([]Ratio{r, r}); err == nil {
		t.Error("no leaderboard to compare with accepted")
	}
	if _, err := RankCorrelationsEach([]Ratio{r, r}, []Ratio{r, r}, []Ratio{r}); err == nil {
		t.Error("a leaderboard of another length accepted")
	}
	// one item has no ranking to correlate (its τ-b and ρ would be NaN in every draw)
	if _, err := RankCorrelationsEach([]Ratio{r}, []Ratio{r}); err == nil {
		t.Error("a leaderboard of one item accepted")
	}
}

// leaderboards656 builds the policy comparison's shape: 10 configurations on 656 cases of
// 3 repeats, the baseline and four other policies, each policy's successes near the
// baseline's and the episode counts the same for all.
func leaderboards656() (base []Ratio, others [][]Ratio) {
	r := rand.New(rand.NewPCG(2, 2))
	const n, items, policies, repeats = 656, 10, 4, 3
	others = make([][]Ratio, policies)
	for range items {
		den := make([]float64, n)
		num := make([]float64, n)
		for u := range n {
			den[u] = repeats
			num[u] = float64(r.IntN(repeats + 1))
		}
		base = append(base, Ratio{num, den})
		for p := range others {
			o := make([]float64, n)
			for u := range n {
				o[u] = min(repeats, max(0, num[u]+float64(r.IntN(3)-1)))
			}
			others[p] = append(others[p], Ratio{o, den})
		}
	}
	return base, others
}

// BenchmarkRankCorrelations is one replicate of the report's rank correlations against four
// policies: "pairs" evaluates RankCorrelations per policy, as the report did, "each" one
// RankCorrelationsEach.
func BenchmarkRankCorrelations(bm *testing.B) {
	base, others := leaderboards656()
	w := make([]float64, len(base[0].Num))
	rng := rand.New(rand.NewPCG(5, 5))
	for u := range w {
		w[u] = float64(rng.IntN(3))
	}
	bm.Run("pairs", func(bm *testing.B) {
		var stats []Statistic
		for _, o := range others {
			st, err := RankCorrelations(base, o)
			if err != nil {
				bm.Fatal(err)
			}
			stats = append(stats, st)
		}
		out := make([]float64, 2)
		for bm.Loop() {
			for _, st := range stats {
				st(w, out)
			}
		}
	})
	bm.Run("each", func(bm *testing.B) {
		st, err := RankCorrelationsEach(base, others...)
		if err != nil {
			bm.Fatal(err)
		}
		out := make([]float64, 2*len(others))
		for bm.Loop() {
			st(w, out)
		}
	})
}
