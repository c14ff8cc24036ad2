package bootstrap_test

import (
	"fmt"

	"github.com/sabench/sabench-stats/bootstrap"
)

// pass^2 per case, for a bootstrap interval: RatioOfSums of the per-case values over ones
// resamples cases and averages their pass^2 (C(c,2)/C(n,2): 3 of 3 → 1, 2 of 3 → 1/3); the
// bootstrap SE is close to the plug-in sqrt(Σ(x−x̄)²/n)/sqrt(n) = 0.2165.
func ExamplePassHatKPerCase() {
	per, err := bootstrap.PassHatKPerCase([]int{3, 2, 0, 3}, []int{3, 3, 3, 3}, 2)
	if err != nil {
		fmt.Println(err)
		return
	}
	ones := []float64{1, 1, 1, 1}
	st, _ := bootstrap.RatioOfSums(per, ones)
	res, _ := bootstrap.Resample(len(per), st, 1, bootstrap.Options{Resamples: 2000})
	fmt.Printf("per case %.4f; pass^2 = %.4f, %d output, bootstrap SE %.3f\n", per, res.Estimate[0], res.Outputs(), res.StdErr(0))
	// Output:
	// per case [1.0000 0.3333 0.0000 1.0000]; pass^2 = 0.5833, 1 output, bootstrap SE 0.215
}

// Rank sets from a replicate matrix held by the caller (Columns), and which items the data
// cannot order (Overlap).
func ExampleRankResult_Overlap() {
	est := []float64{0.80, 0.79, 0.50}
	reps := [][]float64{
		{0.81, 0.79, 0.80, 0.78, 0.82, 0.80, 0.79, 0.81, 0.80, 0.80},
		{0.78, 0.80, 0.79, 0.77, 0.81, 0.79, 0.78, 0.80, 0.79, 0.79},
		{0.50, 0.52, 0.48, 0.51, 0.49, 0.50, 0.50, 0.51, 0.49, 0.50},
	}
	r, err := bootstrap.RankSets(est, bootstrap.Columns(reps), bootstrap.RankOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("A and B overlap:", r.Overlap(0, 1))
	fmt.Println("A and C overlap:", r.Overlap(0, 2))
	// Output:
	// A and B overlap: true
	// A and C overlap: false
}

// The caveats of an interval computed from replicates the caller holds: here every
// replicate is equal, so there is no interval.
func ExampleReplicateWarnings() {
	reps := []float64{0.5, 0.5, 0.5, 0.5, 0.5}
	ws, err := bootstrap.ReplicateWarnings(bootstrap.Percentile, reps, 0.5, nil, 0.95, bootstrap.QuantileScipy, 30)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, w := range ws {
		fmt.Println(w.Kind)
	}
	// Output:
	// degenerate
}

// The weighting's name is sklearn's cohen_kappa_score spelling of its weights argument.
func ExampleWeighting_String() {
	for _, w := range []bootstrap.Weighting{bootstrap.Unweighted, bootstrap.Linear, bootstrap.Quadratic} {
		fmt.Println(w)
	}
	// Output:
	// none
	// linear
	// quadratic
}
