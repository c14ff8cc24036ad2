package bootstrap

import (
	"math"
	"testing"
)

func TestCorrelationsMatchScipyAndR(t *testing.T) {
	s, r := loadRefs(t)
	for i, c := range s.Correlation.Cases {
		tau, err := KendallTauB(c.X, c.Y)
		if err != nil {
			t.Fatal(err)
		}
		rho, err := Spearman(c.X, c.Y)
		if err != nil {
			t.Fatal(err)
		}
		near(t, "kendalltau vs scipy", tau, c.KendallB, 1e-12)
		near(t, "spearmanr vs scipy", rho, c.Spearman, 1e-12)
		near(t, "kendall vs R", tau, r.Correlation.Cases[i].KendallB, 1e-12)
		near(t, "spearman vs R", rho, r.Correlation.Cases[i].Spearman, 1e-12)
	}
}

func TestKappaMatchesSklearn(t *testing.T) {
	s, _ := loadRefs(t)
	for _, c := range s.Kappa.Cases {
		for _, x := range []struct {
			w    Weighting
			want float64
		}{{Unweighted, c.None}, {Linear, c.Linear}, {Quadratic, c.Quadratic}} {
			ag, err := CohenKappa(c.A, c.B, x.w)
			if err != nil {
				t.Fatal(err)
			}
			near(t, "kappa "+x.w.String(), ag.Kappa, x.want, 1e-12)
			near(t, "observed agreement", ag.Observed, c.Observed, 1e-15)
		}
	}
}

func TestMcNemarMatchesScipyAndR(t *testing.T) {
	s, r := loadRefs(t)
	for i, c := range s.McNemar.Cases {
		p, err := McNemarExact(c.B, c.C)
		if err != nil {
			t.Fatal(err)
		}
		// Relative tolerance: some p-values are tiny.
		near(t, "mcnemar vs scipy", p/c.P, 1, 1e-9)
		near(t, "mcnemar vs R", p/r.McNemar.Cases[i].P, 1, 1e-9)
	}
}

func TestWilsonMatchesScipyAndR(t *testing.T) {
	s, r := loadRefs(t)
	for i, c := range s.Wilson.Cases {
		lo, hi, err := Wilson(c.K, c.N, c.Level)
		if err != nil {
			t.Fatal(err)
		}
		near(t, "wilson lo vs scipy", lo, c.Lo, 1e-12)
		near(t, "wilson hi vs scipy", hi, c.Hi, 1e-12)
		near(t, "wilson lo vs R", lo, r.Wilson.Cases[i].Lo, 1e-12)
		near(t, "wilson hi vs R", hi, r.Wilson.Cases[i].Hi, 1e-12)
	}
}

func TestStdErrsMatchReference(t *testing.T) {
	s, _ := loadRefs(t)
	for _, c := range s.StdErr.Cases {
		clt, err := StdErrCLT(c.X)
		if err != nil {
			t.Fatal(err)
		}
		near(t, "CLT", clt, c.CLT, 1e-12)
		mil, err := StdErrClusteredMiller(c.X, c.Cluster)
		if err != nil {
			t.Fatal(err)
		}
		near(t, "Miller", mil, c.Miller, 1e-12)
		ins, err := StdErrClusteredInspect(c.X, c.Cluster)
		if err != nil {
			t.Fatal(err)
		}
		near(t, "Inspect", ins, c.Inspect, 1e-12)
	}
}

func TestPassHatKMatchesReference(t *testing.T) {
	s, _ := loadRefs(t)
	for _, c := range s.PassK.Cases {
		v, err := PassHatK(c.C, c.N, c.K)
		if err != nil {
			t.Fatal(err)
		}
		near(t, "pass^k", v, c.Value, 1e-15)
	}
}

func TestAdjustMatchesR(t *testing.T) {
	_, r := loadRefs(t)
	holm, err := Holm(r.Adjust.P)
	if err != nil {
		t.Fatal(err)
	}
	bh, err := BenjaminiHochberg(r.Adjust.P)
	if err != nil {
		t.Fatal(err)
	}
	for i := range r.Adjust.P {
		near(t, "holm", holm[i], r.Adjust.Holm[i], 1e-14)
		near(t, "BH", bh[i], r.Adjust.BH[i], 1e-14)
	}
}

func TestMinSampleSizeMatchesR(t *testing.T) {
	_, r := loadRefs(t)
	for _, c := range r.SampleSize.Cases {
		n, err := MinSampleSize(c.SD, c.Delta, c.Alpha, c.Power)
		if err != nil {
			t.Fatal(err)
		}
		if n != c.N {
			t.Errorf("MinSampleSize(%v, %v, %v, %v) = %d, want %d (R)", c.SD, c.Delta, c.Alpha, c.Power, n, c.N)
		}
	}
	if n, _ := MinSampleSize(0.45, 0.03, 0.05, 0.8); math.Abs(float64(n)-1766) > 0 {
		t.Errorf("n = %d, want 1766 ((1.959964+0.841621)^2 · 15^2 = 1765.99…, rounded up)", n)
	}
}
