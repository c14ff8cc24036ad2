package bootstrap

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// pairedECS570 builds a 570-case paired comparison: two configurations, 3 repeats each, with
// per-case success probabilities that are correlated across the two arms.
func pairedECS570() (a, b Ratio) {
	r := rand.New(rand.NewPCG(1, 1))
	const n, repeats = 570, 3
	a = Ratio{Num: make([]float64, n), Den: make([]float64, n)}
	b = Ratio{Num: make([]float64, n), Den: make([]float64, n)}
	for u := range n {
		p := r.Float64()
		q := min(1, max(0, p+0.1*(r.Float64()-0.4)))
		for range repeats {
			if r.Float64() < p {
				a.Num[u]++
			}
			if r.Float64() < q {
				b.Num[u]++
			}
		}
		a.Den[u], b.Den[u] = repeats, repeats
	}
	return a, b
}

func benchPaired(bm *testing.B, workers int, classes bool) {
	a, b := pairedECS570()
	s, err := SumDiffOfRatios(a, b)
	if err != nil {
		bm.Fatal(err)
	}
	stat := s.Statistic()
	opt := Options{Resamples: 10000, Method: BCa, Workers: workers}
	bm.ReportAllocs()
	cpu0 := processCPU()
	for bm.Loop() {
		var err error
		if classes {
			_, err = ResampleSums(s, opt)
		} else {
			_, err = Resample(570, stat, 1, opt)
		}
		if err != nil {
			bm.Fatal(err)
		}
	}
	// CPU time per op: on a loaded machine wall time also counts waiting for a core.
	bm.ReportMetric(float64(processCPU()-cpu0)/float64(bm.N), "cpu-ns/op")
}

// BenchmarkPairedBCa570 is the product's speed target: 10,000 case-paired
// resamples of a 570-case Δ ECS (3 repeats per arm) with a BCa interval, on one worker, as the
// analysis runs it (ResampleSums: class counts, since the 570 cases take at most 16 values).
// time_scipy.py times scipy.stats.bootstrap on the same job.
func BenchmarkPairedBCa570(b *testing.B) { benchPaired(b, 1, true) }

// BenchmarkPairedBCa570Workers2 is the same on two workers.
func BenchmarkPairedBCa570Workers2(b *testing.B) { benchPaired(b, 2, true) }

// BenchmarkPairedBCa570Units is the same job drawing the 570 units one by one (Resample of
// the weights form: the engine for statistics that are not column sums, and the one before
// the class path).
func BenchmarkPairedBCa570Units(b *testing.B) { benchPaired(b, 1, false) }

// BenchmarkMultinomial570 isolates the class-count draw of one replicate of that job.
func BenchmarkMultinomial570(b *testing.B) {
	ra, rb := pairedECS570()
	s, _ := SumDiffOfRatios(ra, rb)
	plan := planClasses(s)
	if plan == nil {
		b.Fatal("no class plan")
	}
	c := make([]float64, len(plan.sizes))
	i := 0
	for b.Loop() {
		plan.mn.draw(ReplicateSeed(1, i), c)
		i++
	}
	b.ReportMetric(float64(len(plan.sizes)), "classes")
}

// BenchmarkDraw570 isolates the resampling draw of one 570-unit replicate.
func BenchmarkDraw570(b *testing.B) {
	w := make([]float64, 570)
	d := newDrawer(570)
	i := 0
	for b.Loop() {
		clear(w)
		d.fill(ReplicateSeed(1, i), w)
		i++
	}
}

// BenchmarkDiffOfRatios570 isolates one evaluation of the paired Δ statistic.
func BenchmarkDiffOfRatios570(b *testing.B) {
	ra, rb := pairedECS570()
	stat, _ := DiffOfRatios(ra, rb)
	w := make([]float64, 570)
	for i := range w {
		w[i] = float64(i % 3)
	}
	out := make([]float64, 1)
	for b.Loop() {
		stat(w, out)
	}
}

// reportShapes are (units, classes) of ResampleSums calls in the report of a scale-10
// release (synth --scale 10): the paired Δ at 570 cases, template clusters at about five
// units per class, cases at 30 repeats, and small protocol cells.
var reportShapes = [][2]int{{570, 16}, {132, 29}, {144, 30}, {656, 32}, {86, 9}, {98, 4}, {2000, 8}}

// shapeSizes splits n units into k classes of uneven sizes (seeded).
func shapeSizes(n, k int) []int {
	r := rand.New(rand.NewPCG(uint64(n), uint64(k)))
	w := make([]float64, k)
	t := 0.0
	for i := range w {
		w[i] = 0.2 + r.Float64()
		t += w[i]
	}
	sizes := make([]int, k)
	left := n
	for i := range sizes {
		sizes[i] = max(1, int(float64(n)*w[i]/t))
		left -= sizes[i]
	}
	sizes[0] += left
	return sizes
}

// BenchmarkDrawShapes times one resample's class counts at the report's shapes both ways,
// the chain of binomials and the direct draw, which is what chainCost's constants come from
// (a binomial ≈ 9 units + 0.9 units per standard deviation of its count).
func BenchmarkDrawShapes(b *testing.B) {
	for _, sh := range reportShapes {
		n, sizes := sh[0], shapeSizes(sh[0], sh[1])
		var class []int32
		for k, s := range sizes {
			for range s {
				class = append(class, int32(k))
			}
		}
		mn, d := newMultinomial(sizes), newBatchDrawer(n)
		c := make([]float64, len(sizes))
		b.Run(fmt.Sprintf("chain/n=%d/K=%d/cost=%.0f", n, len(sizes), chainCost(sizes)), func(b *testing.B) {
			for i := 0; b.Loop(); i++ {
				mn.draw(ReplicateSeed(1, i), c)
			}
		})
		b.Run(fmt.Sprintf("direct/n=%d/K=%d", n, len(sizes)), func(b *testing.B) {
			for i := 0; b.Loop(); i++ {
				clear(c)
				d.count(ReplicateSeed(1, i), n, class, c)
			}
		})
	}
}

// BenchmarkResampleSumsShapes is ResampleSums as the report runs it (5,000 resamples,
// percentile, one worker) on a ratio of sums at each of the report's shapes.
func BenchmarkResampleSumsShapes(b *testing.B) {
	for _, sh := range reportShapes {
		n, sizes := sh[0], shapeSizes(sh[0], sh[1])
		num, den := make([]float64, 0, n), make([]float64, 0, n)
		for k, s := range sizes {
			for range s {
				num, den = append(num, float64(k)), append(den, float64(len(sizes)+k%3))
			}
		}
		s, err := SumRatios(Ratio{num, den})
		if err != nil {
			b.Fatal(err)
		}
		b.Run(fmt.Sprintf("n=%d/K=%d", n, len(sizes)), func(b *testing.B) {
			cpu0 := processCPU()
			for b.Loop() {
				if _, err := ResampleSums(s, Options{Resamples: 5000, Workers: 1}); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(processCPU()-cpu0)/float64(b.N), "cpu-ns/op")
		})
	}
}
