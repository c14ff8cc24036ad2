package bootstrap

import "fmt"

// PassHatK is pass^k in the τ-bench convention: the mean over cases of C(c_i, k)/C(n_i, k),
// the chance that k trials drawn without replacement from case i's n_i repeats all succeed
// (c_i successes). Each case uses its own n_i (τ²-bench; τ-bench's global n is the special
// case of equal n_i). Every case needs n_i ≥ k: a case with fewer scored repeats is an error
// naming it (Inspect's pass_k gives NaN instead). pass^1 is the mean success rate.
func PassHatK(c, n []int, k int) (float64, error) {
	per, err := PassHatKPerCase(c, n, k)
	if err != nil {
		return 0, err
	}
	return mean(per), nil
}

// PassHatKPerCase returns each case's C(c_i, k)/C(n_i, k); with RatioOfSums(per, ones) it
// gives a bootstrap interval for pass^k.
func PassHatKPerCase(c, n []int, k int) ([]float64, error) {
	if len(c) != len(n) {
		return nil, fmt.Errorf("bootstrap: pass^k: %d success counts, %d trial counts", len(c), len(n))
	}
	if len(c) == 0 {
		return nil, fmt.Errorf("bootstrap: pass^k: no cases")
	}
	if k < 1 {
		return nil, fmt.Errorf("bootstrap: pass^k: k = %d, want at least 1", k)
	}
	out := make([]float64, len(c))
	for i := range c {
		if n[i] < k {
			return nil, fmt.Errorf("bootstrap: pass^k: case %d has %d trials, fewer than k = %d", i, n[i], k)
		}
		if c[i] < 0 || c[i] > n[i] {
			return nil, fmt.Errorf("bootstrap: pass^k: case %d has %d successes in %d trials", i, c[i], n[i])
		}
		// C(c,k)/C(n,k) = Π_{j<k} (c−j)/(n−j): no large binomials.
		v := 1.0
		for j := 0; j < k && v != 0; j++ {
			v *= float64(c[i]-j) / float64(n[i]-j)
		}
		out[i] = v
	}
	return out, nil
}
