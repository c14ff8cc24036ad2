package bootstrap

import (
	"fmt"
	"math"
	"strings"
	"testing"
)

// minStat is the smallest value among the drawn units: every replicate is ≥ the estimate.
func minStat(x []float64) Statistic {
	return func(w, out []float64) {
		m := math.Inf(1)
		for u, wu := range w {
			if wu > 0 && x[u] < m {
				m = x[u]
			}
		}
		out[0] = m
	}
}

func TestBCaFallsBackWhenBiasCorrectionIsInfinite(t *testing.T) {
	x := []float64{3, 1, 4, 1.5, 9, 2.6, 5, 3.5}
	r, err := Resample(len(x), minStat(x), 1, Options{Resamples: 500, Method: BCa, Quantile: QuantileR})
	if err != nil {
		t.Fatal(err)
	}
	iv := r.Intervals[0]
	if !iv.Fallback || iv.Method != Percentile || !math.IsInf(iv.Z0, -1) {
		t.Fatalf("got %+v, want a percentile fallback with z0 = -Inf", iv)
	}
	if len(iv.Warnings) == 0 || iv.Warnings[0].Kind != WarnBCaFallback || !strings.Contains(iv.Warnings[0].Detail, "BCa undefined") {
		t.Errorf("warnings %v do not say BCa was undefined", iv.Warnings)
	}
	p, _ := PercentileInterval(r.Replicates(0), 0.95, QuantileR)
	if iv.Lo != p.Lo || iv.Hi != p.Hi {
		t.Errorf("fallback [%v, %v], percentile [%v, %v]", iv.Lo, iv.Hi, p.Lo, p.Hi)
	}
}

func TestBCaFallsBackOnDegenerateJackknife(t *testing.T) {
	// Replicates that vary but a jackknife that does not: the acceleration is 0/0.
	iv, err := BCaInterval([]float64{1, 2, 3, 4, 5}, 3, []float64{2, 2, 2}, 0.9, QuantileScipy)
	if err != nil {
		t.Fatal(err)
	}
	if !iv.Fallback || !iv.Has(WarnBCaFallback) || iv.Z0 != 0 || iv.Lo != 1.2 || iv.Hi != 4.8 {
		t.Errorf("got %+v, want the percentile interval [1.2, 4.8] flagged as a fallback with z0 = 0", iv)
	}
}

func TestConstantStatisticHasNoInterval(t *testing.T) {
	constant := func(w, out []float64) { out[0] = 0.5 }
	for _, m := range []Method{Percentile, Basic, BCa} {
		r, err := Resample(10, constant, 1, Options{Resamples: 100, Method: m})
		if err != nil {
			t.Fatal(err)
		}
		iv := r.Intervals[0]
		if !math.IsNaN(iv.Lo) || !math.IsNaN(iv.Hi) || iv.Method != m || !iv.Has(WarnDegenerate) || iv.Fallback {
			t.Errorf("%v: got %+v, want a NaN interval with a degenerate warning", m, iv)
		}
	}
}

func TestNonFiniteReplicatesAreDroppedAndCounted(t *testing.T) {
	// Only unit 0 has a denominator: a resample without it has 0/0.
	st, err := RatioOfSums([]float64{1, 0, 0}, []float64{2, 0, 0})
	if err != nil {
		t.Fatal(err)
	}
	r, err := Resample(3, st, 1, Options{Resamples: 1000})
	if err != nil {
		t.Fatal(err)
	}
	iv := r.Intervals[0]
	// P(unit 0 never drawn) = (2/3)³ ≈ 0.296.
	if iv.Dropped < 200 || iv.Dropped > 400 || iv.Used+iv.Dropped != 1000 {
		t.Errorf("dropped %d, used %d; want about 296 dropped of 1000", iv.Dropped, iv.Used)
	}
	// The finite replicates are all 0.5: no interval, and both caveats, in order.
	if !math.IsNaN(iv.Lo) || !math.IsNaN(iv.Hi) || len(iv.Warnings) != 2 ||
		iv.Warnings[0].Kind != WarnNonFinite || iv.Warnings[1].Kind != WarnDegenerate {
		t.Errorf("got %+v, want NaN bounds with non-finite and degenerate warnings", iv)
	}
	if r.StdErr(0) != 0 {
		t.Errorf("StdErr = %v, want 0 over the finite replicates", r.StdErr(0))
	}
}

func TestAllReplicatesUndefined(t *testing.T) {
	nan := func(w, out []float64) { out[0] = math.NaN() }
	r, err := Resample(4, nan, 1, Options{Resamples: 10})
	if err != nil {
		t.Fatal(err)
	}
	if iv := r.Intervals[0]; !math.IsNaN(iv.Lo) || !math.IsNaN(iv.Hi) || len(iv.Warnings) == 0 {
		t.Errorf("got %+v, want a NaN interval with a warning", iv)
	}
	if _, err := PercentileInterval([]float64{math.NaN(), math.Inf(1)}, 0.95, QuantileScipy); err != ErrNoReplicates {
		t.Errorf("err = %v, want ErrNoReplicates", err)
	}
}

func TestResampleRejectsBadInput(t *testing.T) {
	ok := func(w, out []float64) { out[0] = 1 }
	short, _ := RatioOfSums([]float64{1, 2, 3}, []float64{1, 1, 1})
	cases := []struct {
		name  string
		n     int
		stat  Statistic
		nOut  int
		opt   Options
		wants string
	}{
		{"no units", 0, ok, 1, Options{}, "units 0"},
		{"nil statistic", 3, nil, 1, Options{}, "nil statistic"},
		{"no outputs", 3, ok, 0, Options{}, "outputs 0"},
		{"level", 3, ok, 1, Options{Level: 1.5}, "level 1.5"},
		{"resamples", 3, ok, 1, Options{Resamples: -4}, "resamples -4"},
		{"method", 3, ok, 1, Options{Method: 9}, "method 9"},
		{"quantile", 3, ok, 1, Options{Quantile: 4}, "quantile mode 4"},
		{"panicking statistic", 5, short, 1, Options{Resamples: 10}, "statistic panicked"},
	}
	for _, c := range cases {
		_, err := Resample(c.n, c.stat, c.nOut, c.opt)
		if err == nil || !strings.Contains(err.Error(), c.wants) {
			t.Errorf("%s: err = %v, want it to mention %q", c.name, err, c.wants)
		}
	}
}

func TestStatisticConstructorsRejectBadColumns(t *testing.T) {
	if _, err := RatioOfSums([]float64{1}, []float64{1, 2}); err == nil || !strings.Contains(err.Error(), "num has 1 units, den 2") {
		t.Errorf("length mismatch: %v", err)
	}
	if _, err := RatioOfSums([]float64{1, math.NaN()}, []float64{1, 2}); err == nil || !strings.Contains(err.Error(), "num[1]") {
		t.Errorf("NaN: %v", err)
	}
	if _, err := DiffOfRatios(Ratio{[]float64{1}, []float64{1}}, Ratio{[]float64{1, 1}, []float64{1, 1}}); err == nil {
		t.Error("DiffOfRatios accepted arms of different sizes")
	}
	if _, err := Ratios(); err == nil {
		t.Error("Ratios accepted no ratios")
	}
	if _, err := RankCorrelations([]Ratio{{[]float64{1}, []float64{1}}}, []Ratio{{[]float64{1}, []float64{1}}}); err == nil {
		t.Error("RankCorrelations accepted one item")
	}
}

func TestIntervalFunctionsRejectBadArguments(t *testing.T) {
	reps := []float64{1, 2, 3}
	for _, level := range []float64{0, 1, -0.5, math.NaN()} {
		if _, err := PercentileInterval(reps, level, QuantileScipy); err == nil {
			t.Errorf("level %v accepted", level)
		}
	}
	if _, err := ComputeInterval(Method(7), reps, 2, nil, 0.9, QuantileR); err == nil {
		t.Error("unknown method accepted")
	}
	iv, err := BCaInterval([]float64{1, 2, 3, 4}, 2.5, []float64{1}, 0.9, QuantileScipy)
	if err != nil || !iv.Fallback {
		t.Errorf("one jackknife value: %+v, %v; want a flagged fallback", iv, err)
	}
	if q, _ := Quantile(nil, 0.5, QuantileScipy); !math.IsNaN(q) {
		t.Errorf("Quantile(nil) = %v, want NaN", q)
	}
	if q, _ := Quantile(reps, 1.5, QuantileR); !math.IsNaN(q) {
		t.Errorf("Quantile(p=1.5) = %v, want NaN", q)
	}
}

// TestResultInterval recomputes intervals from a stored result with other settings.
func TestResultInterval(t *testing.T) {
	r, err := Resample(570, pairedStat(t), 1, Options{Resamples: 300})
	if err != nil {
		t.Fatal(err)
	}
	b, err := r.Interval(0, Basic, 0.9, QuantileR)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := BasicInterval(r.Replicates(0), r.Estimate[0], 0.9, QuantileR)
	if b.Lo != want.Lo || b.Hi != want.Hi || b.Method != Basic || b.Level != 0.9 {
		t.Errorf("got %+v, want %+v", b, want)
	}
	// The jackknife is computed on first use for a percentile result.
	x, err := r.Interval(0, BCa, 0.95, QuantileScipy)
	if err != nil {
		t.Fatal(err)
	}
	jack := r.Jackknife(0)
	if len(jack) != 570 {
		t.Fatalf("jackknife has %d values, want 570", len(jack))
	}
	wantX, _ := BCaInterval(r.Replicates(0), r.Estimate[0], jack, 0.95, QuantileScipy)
	if x.Lo != wantX.Lo || x.Hi != wantX.Hi || x.Method != BCa {
		t.Errorf("lazy BCa %+v, want %+v", x, wantX)
	}
	if _, err := r.Interval(1, Basic, 0.9, QuantileR); err == nil {
		t.Error("output 1 of a one-output result accepted")
	}
	if r.Replicates(3) != nil || r.Jackknife(-1) != nil || r.Outputs() != 1 {
		t.Error("out-of-range outputs should give nil")
	}
}

// TestClusteredBootstrap resamples clusters: per-case sums are grouped into per-cluster sums,
// and the cluster is the unit; leave-one-out drops a whole cluster.
func TestClusteredBootstrap(t *testing.T) {
	caseCluster := []string{"t1", "t1", "t2", "t3", "t3", "t3"}
	num := []float64{3, 2, 0, 1, 1, 3}
	den := []float64{3, 3, 3, 3, 3, 3}
	group, names := GroupIndex(caseCluster)
	if len(names) != 3 || names[2] != "t3" || group[4] != 2 {
		t.Fatalf("GroupIndex = %v %v", group, names)
	}
	cn, err := GroupSums(num, group, len(names))
	if err != nil {
		t.Fatal(err)
	}
	cd, _ := GroupSums(den, group, len(names))
	st, _ := RatioOfSums(cn, cd)
	r, err := Resample(len(names), st, 1, Options{Resamples: 100})
	if err != nil {
		t.Fatal(err)
	}
	near(t, "estimate", r.Estimate[0], 10.0/18, 1e-15)
	// Leaving out cluster t3 leaves 5 of 9.
	near(t, "jackknife t3", r.Jackknife(0)[2], 5.0/9, 1e-15)
	if _, err := GroupSums(num, []int{0, 1, 2, 3, 4, 9}, 3); err == nil {
		t.Error("out-of-range group accepted")
	}
}

func TestRatiosAndRankCorrelationsStatistics(t *testing.T) {
	a := []Ratio{{[]float64{1, 2, 3}, []float64{3, 3, 3}}, {[]float64{0, 1, 1}, []float64{3, 3, 3}}, {[]float64{3, 3, 2}, []float64{3, 3, 3}}}
	b := []Ratio{{[]float64{1, 1, 3}, []float64{3, 3, 3}}, {[]float64{1, 1, 1}, []float64{3, 3, 3}}, {[]float64{2, 3, 2}, []float64{3, 3, 3}}}
	st, err := Ratios(a...)
	if err != nil {
		t.Fatal(err)
	}
	out := make([]float64, 3)
	st([]float64{1, 1, 1}, out)
	for j, r := range a {
		near(t, "Ratios", out[j], r.Value(), 1e-15)
	}
	rc, err := RankCorrelations(a, b)
	if err != nil {
		t.Fatal(err)
	}
	res, err := Resample(3, rc, 2, Options{Resamples: 200})
	if err != nil {
		t.Fatal(err)
	}
	x := []float64{a[0].Value(), a[1].Value(), a[2].Value()}
	y := []float64{b[0].Value(), b[1].Value(), b[2].Value()}
	tau, _ := KendallTauB(x, y)
	rho, _ := Spearman(x, y)
	near(t, "τ-b estimate", res.Estimate[0], tau, 1e-15)
	near(t, "ρ estimate", res.Estimate[1], rho, 1e-15)
}

func TestSmallStatisticsEdgeCases(t *testing.T) {
	if p, _ := McNemarExact(0, 0); p != 1 {
		t.Errorf("McNemar(0,0) = %v, want 1", p)
	}
	if p, _ := McNemarExact(7, 7); p != 1 {
		t.Errorf("McNemar(7,7) = %v, want 1", p)
	}
	if _, err := McNemarExact(-1, 3); err == nil {
		t.Error("negative count accepted")
	}
	// Far tail: 2·2002·2^-2001 underflows float64 to 0; it must not become NaN.
	if p, _ := McNemarExact(2000, 1); p != 0 {
		t.Errorf("McNemar(2000, 1) = %v, want 0 (underflow)", p)
	}
	if p, _ := McNemarExact(60, 20); !(p > 5e-6 && p < 1e-5) {
		t.Errorf("McNemar(60, 20) = %v, want 8.58e-6 (scipy.stats.binomtest(60, 80))", p)
	}
	for _, c := range [][2]int{{-1, 3}, {4, 3}, {0, 0}} {
		if _, _, err := Wilson(c[0], c[1], 0.95); err == nil {
			t.Errorf("Wilson(%d, %d) accepted", c[0], c[1])
		}
	}
	ag, err := CohenKappa([]string{"BLOCK", "BLOCK"}, []string{"BLOCK", "BLOCK"}, Unweighted)
	if err != nil || ag.Observed != 1 || !math.IsNaN(ag.Kappa) {
		t.Errorf("one category: %+v %v; want observed 1 and κ NaN (chance agreement is perfect)", ag, err)
	}
	ag, _ = CohenKappa([]string{"ALLOW", "BLOCK", "DEFER"}, []string{"ALLOW", "BLOCK", "BLOCK"}, Unweighted)
	if ag.Confusion[2][1] != 1 || ag.Labels[0] != "ALLOW" {
		t.Errorf("confusion %v labels %v", ag.Confusion, ag.Labels)
	}
	if _, err := CohenKappa([]int{1}, []int{1, 2}, Linear); err == nil {
		t.Error("kappa length mismatch accepted")
	}
	if _, err := PassHatK([]int{3, 1}, []int{3, 1}, 2); err == nil || !strings.Contains(err.Error(), "case 1") {
		t.Errorf("pass^k with n < k: %v", err)
	}
	if _, err := PassHatK([]int{4}, []int{3}, 1); err == nil {
		t.Error("pass^k with c > n accepted")
	}
	if _, err := Holm([]float64{0.1, math.Inf(1)}); err == nil {
		t.Error("Holm accepted +Inf")
	}
	if _, err := BenjaminiHochberg([]float64{1.2}); err == nil {
		t.Error("BH accepted p > 1")
	}
	if _, err := MinSampleSize(0.4, 0, 0.05, 0.8); err == nil {
		t.Error("sample size with delta 0 accepted")
	}
	for _, c := range [][4]float64{
		{0, 0.05, 0.05, 0.8}, {-0.4, 0.05, 0.05, 0.8}, {math.Inf(1), 0.05, 0.05, 0.8}, {math.NaN(), 0.05, 0.05, 0.8},
		{0.4, math.NaN(), 0.05, 0.8}, {0.4, math.Inf(-1), 0.05, 0.8},
		{0.4, 0.05, 0, 0.8}, {0.4, 0.05, 1, 0.8}, {0.4, 0.05, 1.5, 0.8},
		{0.4, 0.05, 0.05, 0}, {0.4, 0.05, 0.05, 1}, {0.4, 0.05, 0.05, 1.5}, {0.4, 0.05, 0.05, -0.2},
	} {
		if n, err := MinSampleSize(c[0], c[1], c[2], c[3]); err == nil {
			t.Errorf("sample size with sd, delta, alpha, power %v accepted: %d cases", c, n)
		}
	}
	if se, _ := StdErrCLT([]float64{1}); !math.IsNaN(se) {
		t.Errorf("StdErrCLT of one value = %v, want NaN", se)
	}
	// Two values: sd(ddof=1) = |a − b|/√2, over √2: |a − b|/2 (numpy.std([0, 1], ddof=1)/√2).
	if se, _ := StdErrCLT([]float64{0, 1}); se != 0.5 {
		t.Errorf("StdErrCLT(0, 1) = %v, want 0.5", se)
	}
	// Miller's clustered SE on two values: each its own cluster adds nothing to the CLT term
	// (0.5); in one cluster the cross term is (Σe)² − Σe² = 0 − 0.5, so SE² = 0.25 − 0.5/4.
	if se, _ := StdErrClusteredMiller([]float64{0, 1}, []int{1, 2}); se != 0.5 {
		t.Errorf("Miller SE, two clusters of one = %v, want 0.5", se)
	}
	if se, _ := StdErrClusteredMiller([]float64{0, 1}, []int{3, 3}); math.Abs(se-math.Sqrt(0.125)) > 1e-15 {
		t.Errorf("Miller SE, one cluster of two = %v, want √0.125", se)
	}
	if se, _ := StdErrClusteredInspect([]float64{1, 0, 1}, []int{4, 4, 4}); !math.IsNaN(se) {
		t.Errorf("Inspect SE with one cluster = %v, want NaN", se)
	}
	// Two clusters, the fewest with an SE: x̄ = 0.75, cluster sums of x − x̄ are −0.5 and
	// 0.5, so SE = √(2/1 · (0.25 + 0.25))/4 = 0.25.
	if se, _ := StdErrClusteredInspect([]float64{0, 1, 1, 1}, []int{1, 1, 2, 2}); se != 0.25 {
		t.Errorf("Inspect SE with two clusters = %v, want 0.25", se)
	}
	if _, err := StdErrClusteredMiller([]float64{1, 0}, []int{1}); err == nil {
		t.Error("cluster label count mismatch accepted")
	}
	if _, err := KendallTauB([]float64{1, 2}, []float64{1}); err == nil {
		t.Error("Kendall length mismatch accepted")
	}
	if v, _ := KendallTauB([]float64{1, 1, 1}, []float64{1, 2, 3}); !math.IsNaN(v) {
		t.Errorf("τ-b with constant x = %v, want NaN", v)
	}
	if r, _ := Ranks([]float64{10, 20, 10, 30}, TieAverage); r[0] != 1.5 || r[2] != 1.5 || r[3] != 4 {
		t.Errorf("Ranks = %v", r)
	}
	// scipy.stats.rankdata([10, 20, 10, 30, 20], method="min") = [1, 3, 1, 5, 3].
	if r, _ := Ranks([]float64{10, 20, 10, 30, 20}, TieMin); fmt.Sprint(r) != "[1 3 1 5 3]" {
		t.Errorf("Ranks(TieMin) = %v, want [1 3 1 5 3]", r)
	}
}

func TestParseOptions(t *testing.T) {
	for _, m := range []Method{Percentile, Basic, BCa} {
		if got, err := ParseMethod(strings.ToUpper(m.String())); err != nil || got != m {
			t.Errorf("ParseMethod(%q) = %v, %v", m, got, err)
		}
	}
	for _, q := range []QuantileMode{QuantileScipy, QuantileR} {
		if got, err := ParseQuantileMode(q.String()); err != nil || got != q {
			t.Errorf("ParseQuantileMode(%q) = %v, %v", q, got, err)
		}
	}
	if _, err := ParseMethod("studentized"); err == nil {
		t.Error("unknown method accepted")
	}
	if _, err := ParseQuantileMode("type6"); err == nil {
		t.Error("unknown quantile mode accepted")
	}
}

// TestMcNemarExactIsExact: the two-sided exact p-value of b of b + c discordant pairs is the
// dyadic rational 2·Σ_{k≤min} C(n,k)/2ⁿ, which a float holds exactly for these: 1 of 5 is
// 12/32, 1 of 6 is 14/64, 0 of 3 is 2/8 (scipy.stats.binomtest 1.10.1 gives the same
// decimals). exp(lgamma) gave 0.37499999999999983 and 0.21875000000000017, which CSV and
// JSON printed and Holm carried (0.8750000000000007 in the disagreement table of the real
// cases).
func TestMcNemarExactIsExact(t *testing.T) {
	for _, c := range []struct {
		b, c int
		want float64
	}{{4, 1, 0.375}, {1, 5, 0.21875}, {3, 0, 0.25}, {6, 1, 0.125}, {10, 2, 0.03857421875}, {20, 21, 1}} {
		if p, _ := McNemarExact(c.b, c.c); p != c.want {
			t.Errorf("McNemar(%d, %d) = %v, want %v exactly", c.b, c.c, p, c.want)
		}
	}
	// Past the exact sum's bound, the float sum still agrees closely.
	for _, c := range [][2]int{{520, 505}, {1000, 30}} {
		p, _ := McNemarExact(c[0], c[1])
		q := binomialTailExact(c[0]+c[1], min(c[0], c[1]))
		if math.Abs(p-q) > 1e-12*q {
			t.Errorf("McNemar%v = %v, exact %v", c, p, q)
		}
	}
}
