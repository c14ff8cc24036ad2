package bootstrap_test

import (
	"fmt"

	"github.com/sabench/sabench-stats/bootstrap"
)

// Three configurations scored on the same 400 cases: A and B are 1 point apart, C is far
// below. One case-paired draw gives every configuration's replicates; the rank sets say A
// and B cannot be ordered.
func ExampleRankSets() {
	n := 400
	ones := make([]float64, n)
	a, b, c := make([]float64, n), make([]float64, n), make([]float64, n)
	for u := range n {
		ones[u] = 1
		a[u] = float64(min(1, u%5)) // 80% of cases
		b[u] = a[u]                 // the same cases but four: 79%
		if u%100 == 1 {
			b[u] = 0
		}
		c[u] = float64(u % 2) // 50%
	}
	st, _ := bootstrap.Ratios(bootstrap.Ratio{Num: a, Den: ones}, bootstrap.Ratio{Num: b, Den: ones}, bootstrap.Ratio{Num: c, Den: ones})
	res, _ := bootstrap.Resample(n, st, 3, bootstrap.Options{Resamples: 2000})
	r, _ := res.RankSets(bootstrap.RankOptions{})
	for j, name := range []string{"A", "B", "C"} {
		fmt.Printf("%s %.4f rank %d, 95%% simultaneous set [%d, %d]\n", name, res.Estimate[j], r.Rank[j], r.Sets[j].Lo, r.Sets[j].Hi)
	}
	fmt.Println("tie groups", r.TieGroups())
	// Output:
	// A 0.8000 rank 1, 95% simultaneous set [1, 2]
	// B 0.7900 rank 2, 95% simultaneous set [1, 2]
	// C 0.5000 rank 3, 95% simultaneous set [3, 3]
	// tie groups [[0 1] [2]]
}

// pass^k under both conventions, 4 repeats planned: case 2 lost two repeats.
func ExamplePassHatKs() {
	successes, scored := []int{4, 3, 2}, []int{4, 4, 2}
	for _, conv := range []bootstrap.PassKConvention{bootstrap.PassKPlanned, bootstrap.PassKPerCase} {
		res, _ := bootstrap.PassHatKs(successes, scored, 4, []int{1, 2, 3}, conv)
		for _, r := range res {
			fmt.Printf("%-8s pass^%d = %.4f over %d cases, short %v\n", conv, r.K, r.Value, r.Cases, r.Short)
		}
	}
	// Output:
	// planned  pass^1 = 0.7500 over 3 cases, short []
	// planned  pass^2 = 0.5556 over 3 cases, short []
	// planned  pass^3 = 0.4167 over 3 cases, short [2]
	// per-case pass^1 = 0.9167 over 3 cases, short []
	// per-case pass^2 = 0.8333 over 3 cases, short []
	// per-case pass^3 = 0.6250 over 2 cases, short [2]
}
