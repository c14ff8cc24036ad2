package bootstrap

import (
	"encoding/binary"
	"math"
	"testing"
)

// floatsFrom decodes bytes into small floats with many ties (values k/4, k in 0..15).
func floatsFrom(b []byte) []float64 {
	x := make([]float64, len(b))
	for i, c := range b {
		x[i] = float64(c%16) / 4
	}
	return x
}

// bruteTauB is the O(n²) definition of τ-b.
func bruteTauB(x, y []float64) float64 {
	var nc, nd, tx, ty float64
	for i := range x {
		for j := i + 1; j < len(x); j++ {
			dx, dy := x[i]-x[j], y[i]-y[j]
			switch {
			case dx == 0 && dy == 0:
			case dx == 0:
				tx++
			case dy == 0:
				ty++
			case (dx > 0) == (dy > 0):
				nc++
			default:
				nd++
			}
		}
	}
	return (nc - nd) / math.Sqrt((nc+nd+tx)*(nc+nd+ty))
}

// FuzzKendallTauB checks the O(n log n) algorithm against the O(n²) definition, and that
// Spearman stays in [-1, 1], on inputs full of ties.
func FuzzKendallTauB(f *testing.F) {
	f.Add([]byte{1, 1, 2, 3}, []byte{1, 2, 3, 3})
	f.Add([]byte{5, 4, 3, 2, 1, 0}, []byte{0, 1, 2, 3, 4, 5})
	f.Add([]byte{7}, []byte{7})
	f.Add([]byte{1, 1, 1}, []byte{1, 2, 3})
	f.Add([]byte("kendall tau with ties"), []byte("spearman rho, ties too"))
	f.Fuzz(func(t *testing.T, a, b []byte) {
		n := min(len(a), len(b))
		x, y := floatsFrom(a[:n]), floatsFrom(b[:n])
		got, err := KendallTauB(x, y)
		if err != nil {
			t.Fatal(err)
		}
		want := bruteTauB(x, y)
		if math.IsNaN(want) != math.IsNaN(got) || (!math.IsNaN(want) && math.Abs(got-want) > 1e-12) {
			t.Fatalf("τ-b(%v, %v) = %v, brute force %v", x, y, got, want)
		}
		rho, err := Spearman(x, y)
		if err != nil {
			t.Fatal(err)
		}
		if !math.IsNaN(rho) && (rho < -1-1e-12 || rho > 1+1e-12) {
			t.Fatalf("ρ = %v out of range", rho)
		}
	})
}

// FuzzIntervals feeds arbitrary replicate sets (including NaN and ±Inf) to every interval
// method in both modes: no panic, and a finite interval is ordered and inside the replicates'
// range (basic excepted: it reflects around the estimate).
func FuzzIntervals(f *testing.F) {
	f.Add([]byte{0, 0, 0, 0, 0, 0, 0, 0}, 0.95, 0.0)
	f.Add([]byte{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16}, 0.5, 1.0)
	f.Add([]byte{255, 255, 255, 255, 255, 255, 240, 127, 0, 0, 0, 0, 0, 0, 248, 127}, 0.9, 2.0)
	f.Fuzz(func(t *testing.T, raw []byte, level, est float64) {
		var reps []float64
		for i := 0; i+8 <= len(raw) && len(reps) < 256; i += 8 {
			reps = append(reps, math.Float64frombits(binary.LittleEndian.Uint64(raw[i:])))
		}
		jack := reps
		if len(jack) > 20 {
			jack = jack[:20]
		}
		for _, m := range []Method{Percentile, Basic, BCa} {
			for _, q := range []QuantileMode{QuantileScipy, QuantileR} {
				iv, err := ComputeInterval(m, reps, est, jack, level, q)
				if err != nil {
					continue
				}
				if iv.Lo > iv.Hi && !math.IsInf(iv.Lo-iv.Hi, 0) && m != Basic {
					t.Fatalf("%v/%v: lo %v > hi %v", m, q, iv.Lo, iv.Hi)
				}
				if iv.Used+iv.Dropped != len(reps) {
					t.Fatalf("used %d + dropped %d != %d", iv.Used, iv.Dropped, len(reps))
				}
			}
		}
	})
}

// FuzzQuantile: both quantile definitions are monotone in p and stay within [min, max].
func FuzzQuantile(f *testing.F) {
	f.Add([]byte{3, 1, 4, 1, 5, 9, 2, 6}, 0.025, 0.975)
	f.Add([]byte{1}, 0.0, 1.0)
	f.Add([]byte{2, 2, 2, 2, 8}, 0.5, 0.5)
	f.Fuzz(func(t *testing.T, b []byte, p1, p2 float64) {
		x, _ := finiteSorted(nil, floatsFrom(b))
		if len(x) == 0 || !(p1 >= 0 && p1 <= p2 && p2 <= 1) {
			return
		}
		for _, q := range []QuantileMode{QuantileScipy, QuantileR} {
			a, _ := Quantile(x, p1, q)
			c, _ := Quantile(x, p2, q)
			if a > c+1e-12 || a < x[0]-1e-12 || c > x[len(x)-1]+1e-12 {
				t.Fatalf("%v: Q(%v) = %v, Q(%v) = %v over %v", q, p1, a, p2, c, x)
			}
		}
	})
}

// FuzzResample runs tiny bootstraps over arbitrary unit data: no panic, identical results on
// one and three workers.
func FuzzResample(f *testing.F) {
	f.Add([]byte{3, 3, 1, 3, 0, 3}, uint64(1))
	f.Add([]byte{0, 0}, uint64(9))
	f.Fuzz(func(t *testing.T, b []byte, seed uint64) {
		n := len(b) / 2
		if n == 0 || n > 64 {
			return
		}
		num, den := make([]float64, n), make([]float64, n)
		for u := range n {
			num[u], den[u] = float64(b[2*u]%4), float64(b[2*u+1]%4)
		}
		st, err := RatioOfSums(num, den)
		if err != nil {
			t.Fatal(err)
		}
		o := Options{Resamples: 64, Seed: seed, Method: BCa, Workers: 1}
		r1, err := Resample(n, st, 1, o)
		if err != nil {
			t.Fatal(err)
		}
		o.Workers = 3
		r3, err := Resample(n, st, 1, o)
		if err != nil {
			t.Fatal(err)
		}
		a, c := r1.Intervals[0], r3.Intervals[0]
		if !(a.Lo == c.Lo || math.IsNaN(a.Lo) && math.IsNaN(c.Lo)) || !(a.Hi == c.Hi || math.IsNaN(a.Hi) && math.IsNaN(c.Hi)) {
			t.Fatalf("workers 1: %+v, workers 3: %+v", a, c)
		}
	})
}

// FuzzParse: the option parsers accept exactly their spellings and never panic.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"percentile", "BCa", "basic", "scipy", "R", "", "norm.inter"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if m, err := ParseMethod(s); err == nil {
			if _, err := ParseMethod(m.String()); err != nil {
				t.Fatal(err)
			}
		}
		if q, err := ParseQuantileMode(s); err == nil {
			if _, err := ParseQuantileMode(q.String()); err != nil {
				t.Fatal(err)
			}
		}
	})
}
