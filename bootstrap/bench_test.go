package bootstrap

import (
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

func benchPaired(bm *testing.B, workers int) {
	a, b := pairedECS570()
	stat, err := DiffOfRatios(a, b)
	if err != nil {
		bm.Fatal(err)
	}
	opt := Options{Resamples: 10000, Method: BCa, Workers: workers}
	bm.ReportAllocs()
	cpu0 := processCPU()
	for bm.Loop() {
		if _, err := Resample(570, stat, 1, opt); err != nil {
			bm.Fatal(err)
		}
	}
	// CPU time per op: on a loaded machine wall time also counts waiting for a core.
	bm.ReportMetric(float64(processCPU()-cpu0)/float64(bm.N), "cpu-ns/op")
}

// BenchmarkPairedBCa570 is DESIGN.md §10's target: 10,000 case-paired resamples of a 570-case
// Δ ECS (3 repeats per arm) with a BCa interval, on one worker (target ≤ 20 ms).
func BenchmarkPairedBCa570(b *testing.B) { benchPaired(b, 1) }

// BenchmarkPairedBCa570Workers2 is the same on two workers.
func BenchmarkPairedBCa570Workers2(b *testing.B) { benchPaired(b, 2) }

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
