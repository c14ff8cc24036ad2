package bootstrap_test

import (
	"fmt"

	"github.com/sabench/sabench-stats/bootstrap"
)

// A case-paired comparison: per case, the successes and scored episodes of two configurations
// over their repeats. One draw of cases serves both arms.
func ExampleResample() {
	a := bootstrap.Ratio{Num: []float64{3, 2, 3, 0, 1, 3, 2, 3, 1, 3}, Den: []float64{3, 3, 3, 3, 3, 3, 3, 3, 3, 3}}
	b := bootstrap.Ratio{Num: []float64{2, 2, 1, 0, 1, 3, 0, 3, 0, 2}, Den: []float64{3, 3, 3, 3, 3, 3, 3, 3, 3, 3}}
	delta, err := bootstrap.DiffOfRatios(a, b)
	if err != nil {
		fmt.Println(err)
		return
	}
	res, err := bootstrap.Resample(10, delta, 1, bootstrap.Options{Resamples: 5000, Seed: 1, Method: bootstrap.BCa})
	if err != nil {
		fmt.Println(err)
		return
	}
	iv := res.Intervals[0]
	fmt.Printf("Δ ECS = %+.3f, 95%% %s CI [%+.3f, %+.3f], fallback %v\n", res.Estimate[0], iv.Method, iv.Lo, iv.Hi, iv.Fallback)
	// Output:
	// Δ ECS = +0.233, 95% bca CI [+0.067, +0.400], fallback false
}

// The template-clustered bootstrap: add per-case sums into per-cluster sums and resample
// clusters.
func ExampleGroupSums() {
	clusterOfCase := []string{"tpl-a", "tpl-a", "tpl-b", "tpl-c", "tpl-c", "tpl-c"}
	successes := []float64{3, 2, 0, 1, 1, 3}
	episodes := []float64{3, 3, 3, 3, 3, 3}
	group, clusters := bootstrap.GroupIndex(clusterOfCase)
	num, _ := bootstrap.GroupSums(successes, group, len(clusters))
	den, _ := bootstrap.GroupSums(episodes, group, len(clusters))
	ecs, _ := bootstrap.RatioOfSums(num, den)
	res, _ := bootstrap.Resample(len(clusters), ecs, 1, bootstrap.Options{})
	fmt.Printf("%d clusters, ECS %.3f, jackknife without tpl-c %.3f\n", len(clusters), res.Estimate[0], res.Jackknife(0)[2])
	// Output:
	// 3 clusters, ECS 0.556, jackknife without tpl-c 0.556
}

// Intervals from a given replicate set, in both libraries' conventions.
func ExamplePercentileInterval() {
	reps := []float64{0.42, 0.47, 0.51, 0.44, 0.50, 0.39, 0.48, 0.45, 0.53, 0.46}
	s, _ := bootstrap.PercentileInterval(reps, 0.8, bootstrap.QuantileScipy)
	r, _ := bootstrap.PercentileInterval(reps, 0.8, bootstrap.QuantileR)
	fmt.Printf("scipy [%.4f, %.4f]\nR     [%.4f, %.4f] %q\n", s.Lo, s.Hi, r.Lo, r.Hi, r.Warnings)
	// Output:
	// scipy [0.4170, 0.5120]
	// R     [0.3938, 0.5275] []
}

func ExampleKendallTauB() {
	policyA := []float64{67.2, 63.4, 65.4, 61.0, 63.0}
	policyB := []float64{60.1, 58.0, 60.1, 55.2, 57.9}
	tau, _ := bootstrap.KendallTauB(policyA, policyB)
	rho, _ := bootstrap.Spearman(policyA, policyB)
	fmt.Printf("τ-b %.4f, ρ %.4f\n", tau, rho)
	// Output:
	// τ-b 0.9487, ρ 0.9747
}

func ExampleMcNemarExact() {
	// Qwen's two harnesses on 570 cases: 75 cases succeed only with Qwen Code, 59 only with Inspect.
	p, _ := bootstrap.McNemarExact(75, 59)
	fmt.Printf("p = %.4f\n", p)
	// Output:
	// p = 0.1949
}

func ExampleWilson() {
	lo, hi, _ := bootstrap.Wilson(23, 43, 0.95)
	fmt.Printf("23/43: [%.4f, %.4f]\n", lo, hi)
	// Output:
	// 23/43: [0.3892, 0.6749]
}

func ExampleCohenKappa() {
	oracle := []string{"ALLOW", "BLOCK", "DEFER", "BLOCK", "ALLOW", "DEFER", "BLOCK", "ALLOW"}
	audit := []string{"ALLOW", "BLOCK", "BLOCK", "BLOCK", "ALLOW", "DEFER", "DEFER", "ALLOW"}
	ag, _ := bootstrap.CohenKappa(oracle, audit, bootstrap.Unweighted)
	fmt.Printf("agreement %.3f, κ %.3f over %v\n", ag.Observed, ag.Kappa, ag.Labels)
	// Output:
	// agreement 0.750, κ 0.619 over [ALLOW BLOCK DEFER]
}

func ExamplePassHatK() {
	successes := []int{3, 2, 0, 1, 3}
	repeats := []int{3, 3, 3, 3, 3}
	for k := 1; k <= 3; k++ {
		v, _ := bootstrap.PassHatK(successes, repeats, k)
		fmt.Printf("pass^%d = %.4f\n", k, v)
	}
	// Output:
	// pass^1 = 0.6000
	// pass^2 = 0.4667
	// pass^3 = 0.4000
}

func ExampleHolm() {
	p := []float64{0.01, 0.04, 0.03, 0.005}
	holm, _ := bootstrap.Holm(p)
	bh, _ := bootstrap.BenjaminiHochberg(p)
	fmt.Println(holm)
	fmt.Println(bh)
	// Output:
	// [0.03 0.06 0.06 0.02]
	// [0.02 0.04 0.04 0.02]
}

func ExampleStdErrClusteredMiller() {
	scores := []float64{1, 1, 1, 0, 0, 0, 1, 0}
	template := []int{0, 0, 0, 1, 1, 1, 2, 2}
	clt, _ := bootstrap.StdErrCLT(scores)
	miller, _ := bootstrap.StdErrClusteredMiller(scores, template)
	inspect, _ := bootstrap.StdErrClusteredInspect(scores, template)
	fmt.Printf("CLT %.4f, clustered (Miller) %.4f, clustered (Inspect) %.4f\n", clt, miller, inspect)
	// Output:
	// CLT 0.1890, clustered (Miller) 0.2735, clustered (Inspect) 0.3248
}

func ExampleMinSampleSize() {
	n, _ := bootstrap.MinSampleSize(0.45, 0.03, 0.05, 0.8)
	fmt.Println(n, "cases to detect a 3-point paired difference")
	// Output:
	// 1766 cases to detect a 3-point paired difference
}

// Rank agreement of two leaderboards (three configurations scored under two policies on the
// same four cases), with case-resampled intervals: the cases are resampled and both rankings
// recomputed, not the configurations.
func ExampleRankCorrelations() {
	den := []float64{3, 3, 3, 3}
	safeact := []bootstrap.Ratio{{Num: []float64{3, 2, 3, 1}, Den: den}, {Num: []float64{2, 2, 1, 1}, Den: den}, {Num: []float64{0, 1, 1, 0}, Den: den}}
	tauBench := []bootstrap.Ratio{{Num: []float64{3, 3, 3, 2}, Den: den}, {Num: []float64{3, 3, 2, 3}, Den: den}, {Num: []float64{1, 2, 2, 1}, Den: den}}
	stat, err := bootstrap.RankCorrelations(safeact, tauBench)
	if err != nil {
		fmt.Println(err)
		return
	}
	res, err := bootstrap.Resample(4, stat, 2, bootstrap.Options{Resamples: 2000, Stream: "policies/tau-bench"})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("τ-b %.3f [%.3f, %.3f]; ρ %.3f\n", res.Estimate[0], res.Intervals[0].Lo, res.Intervals[0].Hi, res.Estimate[1])
	// Output:
	// τ-b 0.816 [0.333, 1.000]; ρ 0.866
}
