package bootstrap

import (
	"encoding/json"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

func pairedSums(t testing.TB) *SumStat {
	a, b := pairedECS570()
	s, err := SumDiffOfRatios(a, b)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestResampleSumsDrawsClasses: the 570 paired cases of the benchmark take 16 values, so
// ResampleSums draws class counts; its estimate and jackknife are bit-identical to the unit
// bootstrap's (leaving out any unit of a class is the class count minus one).
func TestResampleSumsDrawsClasses(t *testing.T) {
	s := pairedSums(t)
	fast, err := ResampleSums(s, Options{Resamples: 200, Method: BCa})
	if err != nil {
		t.Fatal(err)
	}
	slow, err := Resample(570, s.Statistic(), 1, Options{Resamples: 200, Method: BCa})
	if err != nil {
		t.Fatal(err)
	}
	if fast.Classes != 16 || slow.Classes != 0 || fast.Units != 570 {
		t.Fatalf("classes %d (units %d), unit path %d; want 16 and 0", fast.Classes, fast.Units, slow.Classes)
	}
	if fast.Estimate[0] != slow.Estimate[0] || !slices.Equal(fast.Jackknife(0), slow.Jackknife(0)) {
		t.Errorf("estimate %v or jackknife differs from the unit path's (%v)", fast.Estimate[0], slow.Estimate[0])
	}
	if fast.Intervals[0].Accel != slow.Intervals[0].Accel {
		t.Errorf("acceleration %v, unit path %v", fast.Intervals[0].Accel, slow.Intervals[0].Accel)
	}
}

// TestResampleSumsIndependentOfWorkers: class counts are drawn per replicate from the
// replicate's seed, so 1, 2, 3 and 8 workers give bit-identical replicates and intervals.
func TestResampleSumsIndependentOfWorkers(t *testing.T) {
	sameForWorkers(t, pairedSums(t), Options{Resamples: 3000, Method: BCa, Seed: 7}, 1, 2, 3, 8)
}

// sameForWorkers resamples s with o under each worker count and fails unless every run
// gives the first's replicates and interval; it returns the first run.
func sameForWorkers(t *testing.T, s *SumStat, o Options, workers ...int) *Result {
	t.Helper()
	var first *Result
	for _, w := range workers {
		o.Workers = w
		r, err := ResampleSums(s, o)
		if err != nil {
			t.Fatal(err)
		}
		if first == nil {
			first = r
			continue
		}
		if !slices.Equal(r.Replicates(0), first.Replicates(0)) || !sameInterval(r.Intervals[0], first.Intervals[0]) {
			t.Errorf("workers=%d: replicates or interval differ from workers=%d", w, workers[0])
		}
	}
	return first
}

func sameInterval(a, b Interval) bool {
	return a.Lo == b.Lo && a.Hi == b.Hi && a.Z0 == b.Z0 && a.Accel == b.Accel && a.Method == b.Method
}

// TestResampleSumsMatchesUnitsInDistribution: the class-count bootstrap and the unit
// bootstrap of the same statistic draw from the same distribution. With B = 20,000 each, the
// standard error of a standard-error estimate is about 1/√(2B) = 0.5%, of a 2.5% or 97.5%
// quantile about 0.02 standard errors (√(p(1−p)/B)/φ(1.96)); the tolerances, 3% and 0.15
// standard errors for the difference of two runs, are over four of its standard deviations.
func TestResampleSumsMatchesUnitsInDistribution(t *testing.T) {
	s := pairedSums(t)
	for _, m := range []Method{Percentile, BCa} {
		opt := Options{Resamples: 20000, Method: m, Seed: 11}
		fast, err := ResampleSums(s, opt)
		if err != nil {
			t.Fatal(err)
		}
		slow, err := Resample(570, s.Statistic(), 1, opt)
		if err != nil {
			t.Fatal(err)
		}
		se := slow.StdErr(0)
		if math.Abs(fast.StdErr(0)/se-1) > 0.03 {
			t.Errorf("%v: standard error %.6f, unit path %.6f", m, fast.StdErr(0), se)
		}
		f, u := fast.Intervals[0], slow.Intervals[0]
		if math.Abs(f.Lo-u.Lo) > 0.15*se || math.Abs(f.Hi-u.Hi) > 0.15*se {
			t.Errorf("%v: [%.5f, %.5f], unit path [%.5f, %.5f] (se %.5f)", m, f.Lo, f.Hi, u.Lo, u.Hi, se)
		}
	}
}

// TestResampleSumsAgreesWithScipyInDistribution is TestResampleAgreesWithScipyInDistribution
// for the class-count path, with BCa as well: scipy's replicates come from another random
// stream, so the standard errors agree within 10% and the interval ends within 0.4 standard
// errors (the tolerances of the unit path's test; with scipy's B of 1,000–5,000 the Monte
// Carlo error of an end is up to 0.08 standard errors).
func TestResampleSumsAgreesWithScipyInDistribution(t *testing.T) {
	s, _ := loadRefs(t)
	drew := 0
	for _, c := range s.Bootstrap[:3] {
		var st *SumStat
		var err error
		switch len(c.Columns) {
		case 2:
			st, err = SumRatios(Ratio{c.Columns[0], c.Columns[1]})
		case 4:
			st, err = SumDiffOfRatios(Ratio{c.Columns[0], c.Columns[1]}, Ratio{c.Columns[2], c.Columns[3]})
		}
		if err != nil || st == nil {
			t.Fatalf("%s: %v", c.Name, err)
		}
		r, err := ResampleSums(st, Options{Resamples: 4000, Method: BCa})
		if err != nil {
			t.Fatal(err)
		}
		if r.Classes > 0 {
			drew++
		}
		want := sampleSD(c.Replicates)
		if se := r.StdErr(0); math.Abs(se/want-1) > 0.1 {
			t.Errorf("%s: standard error %.5f, scipy's %.5f", c.Name, se, want)
		}
		for _, m := range []struct {
			method Method
			want   []float64
		}{{Percentile, c.Intervals["0.95"].Percentile}, {BCa, c.Intervals["0.95"].BCa}} {
			iv, err := r.Interval(0, m.method, 0.95, QuantileScipy)
			if err != nil {
				t.Fatal(err)
			}
			if math.Abs(iv.Lo-m.want[0]) > 0.4*want || math.Abs(iv.Hi-m.want[1]) > 0.4*want {
				t.Errorf("%s %v: [%.4f, %.4f], scipy's [%.4f, %.4f]", c.Name, m.method, iv.Lo, iv.Hi, m.want[0], m.want[1])
			}
		}
	}
	if drew == 0 {
		t.Error("no reference case took the class-count path")
	}
}

func sampleSD(x []float64) float64 {
	var m, ss float64
	for _, v := range x {
		m += v
	}
	m /= float64(len(x))
	for _, v := range x {
		ss += (v - m) * (v - m)
	}
	return math.Sqrt(ss / float64(len(x)-1))
}

// TestResampleSumsFallsBack: with continuous columns every unit is its own class, and
// ResampleSums is exactly Resample of the weights form.
func TestResampleSumsFallsBack(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 3))
	num, den := make([]float64, 300), make([]float64, 300)
	for u := range num {
		num[u], den[u] = r.Float64(), 1+r.Float64()
	}
	s, err := SumRatios(Ratio{num, den})
	if err != nil {
		t.Fatal(err)
	}
	opt := Options{Resamples: 500, Method: BCa}
	fast, err := ResampleSums(s, opt)
	if err != nil {
		t.Fatal(err)
	}
	slow, err := Resample(300, s.Statistic(), 1, opt)
	if err != nil {
		t.Fatal(err)
	}
	if fast.Classes != 0 || !slices.Equal(fast.Replicates(0), slow.Replicates(0)) || !sameInterval(fast.Intervals[0], slow.Intervals[0]) {
		t.Errorf("classes %d: the fallback differs from Resample", fast.Classes)
	}
}

// TestNewSumStatRejectsBadInput: bad columns are errors, not panics.
func TestNewSumStatRejectsBadInput(t *testing.T) {
	f := func(s, out []float64) { out[0] = s[0] }
	for _, c := range []struct {
		name string
		cols [][]float64
		nOut int
		f    func(s, out []float64)
	}{
		{"no columns", nil, 1, f},
		{"no function", [][]float64{{1}}, 1, nil},
		{"no outputs", [][]float64{{1}}, 0, f},
		{"no units", [][]float64{{}}, 1, f},
		{"ragged", [][]float64{{1, 2}, {1}}, 1, f},
		{"not finite", [][]float64{{1, math.NaN()}}, 1, f},
	} {
		if _, err := NewSumStat(c.cols, c.nOut, c.f); err == nil {
			t.Errorf("%s: no error", c.name)
		}
	}
	if _, err := ResampleSums(nil, Options{}); err == nil {
		t.Error("nil statistic: no error")
	}
}

// TestResampleSumsGolden pins the class-count path's draws (testdata/resample_sums_golden.json;
// go test -update rewrites it): a change of the layout in doc.go shows here.
func TestResampleSumsGolden(t *testing.T) {
	r, err := ResampleSums(pairedSums(t), Options{Resamples: 2000, Seed: 20261129, Method: BCa})
	if err != nil {
		t.Fatal(err)
	}
	g := goldenResult{Estimate: r.Estimate[0], First: r.Replicates(0)[:8], StdErr: r.StdErr(0),
		Intervals: map[string]float64{}, Resamples: 2000, Seed: 20261129,
		Statistics: "ResampleSums(SumDiffOfRatios(pairedECS570())), 16 classes, BCa, scipy quantiles"}
	for _, m := range []Method{Percentile, Basic, BCa} {
		for _, q := range []QuantileMode{QuantileScipy, QuantileR} {
			iv, err := r.Interval(0, m, 0.95, q)
			if err != nil {
				t.Fatal(err)
			}
			g.Intervals[m.String()+"/"+q.String()+"/lo"] = iv.Lo
			g.Intervals[m.String()+"/"+q.String()+"/hi"] = iv.Hi
		}
	}
	got, _ := json.MarshalIndent(g, "", " ")
	got = append(got, '\n')
	path := filepath.Join("testdata", "resample_sums_golden.json")
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != string(want) {
		t.Errorf("golden mismatch (run go test -update if intended):\n got %s\nwant %s", got, want)
	}
}

// FuzzResampleSums: on arbitrary small integer columns (many ties, so the class path is
// taken often; also one class, classes of one unit, zero denominators) ResampleSums never
// panics, its estimate and jackknife equal the unit bootstrap's bit for bit, and every
// replicate is a value the statistic takes at some class counts summing to n (checked
// through the replicate's bounds: a ratio of sums lies within its units' extreme ratios).
func FuzzResampleSums(f *testing.F) {
	f.Add([]byte{1, 1, 1, 1, 1, 1, 1, 1}, uint64(1))
	f.Add([]byte{0, 3, 1, 3, 2, 3, 0, 3, 1, 3, 3, 3, 0, 3, 2, 3, 1, 3, 0, 3}, uint64(9))
	f.Add([]byte{5, 0, 5, 0, 1, 2, 1, 2, 1, 2, 1, 2}, uint64(3))
	f.Fuzz(func(t *testing.T, raw []byte, seed uint64) {
		n := len(raw) / 2
		if n < 1 || n > 400 {
			return
		}
		num, den := make([]float64, n), make([]float64, n)
		lo, hi := math.Inf(1), math.Inf(-1)
		for u := range n {
			den[u] = float64(raw[2*u+1] % 4)
			num[u] = min(float64(raw[2*u]%4), den[u]) // successes ≤ episodes
			if den[u] > 0 {
				lo, hi = min(lo, num[u]/den[u]), max(hi, num[u]/den[u])
			}
		}
		s, err := SumRatios(Ratio{num, den})
		if err != nil {
			t.Fatal(err)
		}
		opt := Options{Resamples: 64, Seed: seed, Method: BCa, Workers: 2}
		fast, err := ResampleSums(s, opt)
		if err != nil {
			t.Fatal(err)
		}
		slow, err := Resample(n, s.Statistic(), 1, opt)
		if err != nil {
			t.Fatal(err)
		}
		same := func(a, b float64) bool { return a == b || math.IsNaN(a) && math.IsNaN(b) }
		if !same(fast.Estimate[0], slow.Estimate[0]) {
			t.Fatalf("estimate %v, unit path %v", fast.Estimate[0], slow.Estimate[0])
		}
		fj, sj := fast.Jackknife(0), slow.Jackknife(0)
		for u := range sj {
			if !same(fj[u], sj[u]) {
				t.Fatalf("jackknife[%d] = %v, unit path %v", u, fj[u], sj[u])
			}
		}
		for b, v := range fast.Replicates(0) {
			if !math.IsNaN(v) && (v < lo-1e-12 || v > hi+1e-12) {
				t.Fatalf("replicate %d = %v outside [%v, %v]", b, v, lo, hi)
			}
		}
	})
}

// TestPlanClassesBoundsMemory: many classes over many units would need millions of mode
// points, and more than maxChainUnits units too large a table; the plan then draws units and
// counts classes instead of the chain. Few classes over a million units take the chain.
func TestPlanClassesBoundsMemory(t *testing.T) {
	plan := func(n, k int) *classPlan {
		x, one := make([]float64, n), make([]float64, n)
		for u := range x {
			x[u], one[u] = float64(u%k), 1
		}
		s, err := SumRatios(Ratio{x, one})
		if err != nil {
			t.Fatal(err)
		}
		return planClasses(s)
	}
	if p := plan(40_000, 10_000); p == nil || p.mn != nil || len(p.sizes) != 10_000 {
		t.Errorf("10,000 classes of 40,000 units: want direct class counts, got %+v", p != nil && p.mn != nil)
	}
	if p := plan(maxChainUnits, 4); p == nil || len(p.sizes) != 4 || p.mn == nil {
		t.Error("4 classes of 2^20 units: no chain")
	}
	if p := plan(maxChainUnits+1, 4); p == nil || p.mn != nil {
		t.Error("more than maxChainUnits units: want direct class counts")
	}
	if p := plan(1000, 501); p != nil {
		t.Error("501 classes of 1000 units: planned, want the unit path")
	}
}
