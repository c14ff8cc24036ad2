package bootstrap

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"testing"
)

// The reference files are produced by testdata/ref/make_ref.py (scipy, sklearn) and
// testdata/ref/make_ref.R (R boot); each records the function and version behind its values.
// The tests read them only; they need neither Python nor R.

type refInterval struct {
	Percentile  []float64 `json:"percentile"`
	Basic       []float64 `json:"basic"`
	BCa         []float64 `json:"bca"`
	BCaZ0       float64   `json:"bca_z0"`
	BCaAccel    float64   `json:"bca_accel"`
	BCaAdjusted []float64 `json:"bca_adjusted"`
}

type refBoot struct {
	Name       string                 `json:"name"`
	Columns    [][]float64            `json:"columns"`
	Estimate   float64                `json:"estimate"`
	Jackknife  []float64              `json:"jackknife"`
	Replicates []float64              `json:"replicates"`
	Intervals  map[string]refInterval `json:"intervals"`
	Source     string                 `json:"source"`
}

type refScipy struct {
	Versions  map[string]string `json:"versions"`
	Bootstrap []refBoot         `json:"bootstrap"`
	Quantile  struct {
		X      []float64 `json:"x"`
		P      []float64 `json:"p"`
		Linear []float64 `json:"linear"`
	} `json:"quantile"`
	Correlation struct {
		Cases []struct {
			X, Y     []float64
			KendallB float64 `json:"kendall_tau_b"`
			Spearman float64 `json:"spearman_rho"`
		} `json:"cases"`
	} `json:"correlation"`
	Kappa struct {
		Cases []struct {
			A, B                              []int
			None, Linear, Quadratic, Observed float64
		} `json:"cases"`
	} `json:"kappa"`
	McNemar struct {
		Cases []struct {
			B, C int
			P    float64
		} `json:"cases"`
	} `json:"mcnemar"`
	Wilson struct {
		Cases []struct {
			K, N          int
			Level, Lo, Hi float64
		} `json:"cases"`
	} `json:"wilson"`
	StdErr struct {
		Cases []struct {
			X                    []float64
			Cluster              []int
			CLT, Inspect, Miller float64
		} `json:"cases"`
	} `json:"stderr"`
	PassK struct {
		Cases []struct {
			C, N  []int
			K     int
			Value float64
		} `json:"cases"`
	} `json:"passk"`
	AdjustP    []float64 `json:"adjust_p"`
	SampleSize []struct {
		SD, Delta, Alpha, Power float64
	} `json:"sample_size"`
}

type refR struct {
	Bootstrap []struct {
		Name      string                 `json:"name"`
		Intervals map[string]refInterval `json:"intervals"`
	} `json:"bootstrap"`
	NormInter struct {
		P     []float64  `json:"p"`
		Value []*float64 `json:"value"`
	} `json:"norm_inter"`
	Correlation struct {
		Cases []struct {
			KendallB float64 `json:"kendall_tau_b"`
			Spearman float64 `json:"spearman_rho"`
		} `json:"cases"`
	} `json:"correlation"`
	McNemar struct {
		Cases []struct {
			B, C int
			P    float64
		} `json:"cases"`
	} `json:"mcnemar"`
	Wilson struct {
		Cases []struct {
			K, N          int
			Level, Lo, Hi float64
		} `json:"cases"`
	} `json:"wilson"`
	Adjust struct {
		P, Holm, BH []float64
	} `json:"adjust"`
	SampleSize struct {
		Cases []struct {
			SD, Delta, Alpha, Power float64
			N                       int
		} `json:"cases"`
	} `json:"sample_size"`
}

func loadJSON(t *testing.T, name string, v any) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "ref", name))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
}

func loadRefs(t *testing.T) (*refScipy, *refR) {
	t.Helper()
	var s refScipy
	var r refR
	loadJSON(t, "ref_scipy.json", &s)
	loadJSON(t, "ref_r.json", &r)
	if len(s.Bootstrap) == 0 || len(s.Bootstrap) != len(r.Bootstrap) {
		t.Fatalf("reference files disagree: %d scipy and %d R bootstrap cases", len(s.Bootstrap), len(r.Bootstrap))
	}
	return &s, &r
}

func near(t *testing.T, what string, got, want, tol float64) {
	t.Helper()
	if math.IsNaN(got) || math.IsNaN(want) || math.Abs(got-want) > tol {
		t.Errorf("%s = %.17g, want %.17g (|Δ| %.3g > %.0e)", what, got, want, math.Abs(got-want), tol)
	}
}

// refStatistic rebuilds the reference statistic from its columns.
func refStatistic(t *testing.T, c refBoot) Statistic {
	t.Helper()
	var st Statistic
	var err error
	switch len(c.Columns) {
	case 2:
		st, err = RatioOfSums(c.Columns[0], c.Columns[1])
	case 4:
		st, err = DiffOfRatios(Ratio{c.Columns[0], c.Columns[1]}, Ratio{c.Columns[2], c.Columns[3]})
	default:
		t.Fatalf("%s: %d columns", c.Name, len(c.Columns))
	}
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// TestIntervalsMatchScipyAndR feeds the replicate sets, estimates and jackknife values that
// scipy.stats.bootstrap produced to the Go interval functions and compares with scipy (scipy
// mode) and R boot.ci (R mode).
func TestIntervalsMatchScipyAndR(t *testing.T) {
	s, r := loadRefs(t)
	const tol = 1e-9
	for i, c := range s.Bootstrap {
		rc := r.Bootstrap[i]
		if rc.Name != c.Name {
			t.Fatalf("case %d: scipy %q, R %q", i, c.Name, rc.Name)
		}
		for lv, want := range c.Intervals {
			level := mustFloat(t, lv)
			for _, mode := range []struct {
				q    QuantileMode
				want refInterval
			}{{QuantileScipy, want}, {QuantileR, rc.Intervals[lv]}} {
				name := c.Name + "/" + lv + "/" + mode.q.String()
				p, err := PercentileInterval(c.Replicates, level, mode.q)
				if err != nil {
					t.Fatal(err)
				}
				near(t, name+" percentile lo", p.Lo, mode.want.Percentile[0], tol)
				near(t, name+" percentile hi", p.Hi, mode.want.Percentile[1], tol)
				b, err := BasicInterval(c.Replicates, c.Estimate, level, mode.q)
				if err != nil {
					t.Fatal(err)
				}
				near(t, name+" basic lo", b.Lo, mode.want.Basic[0], tol)
				near(t, name+" basic hi", b.Hi, mode.want.Basic[1], tol)
				x, err := BCaInterval(c.Replicates, c.Estimate, c.Jackknife, level, mode.q)
				if err != nil {
					t.Fatal(err)
				}
				if x.Fallback || x.Method != BCa {
					t.Errorf("%s: BCa fell back: %v", name, x.Warnings)
				}
				near(t, name+" bca z0", x.Z0, mode.want.BCaZ0, tol)
				near(t, name+" bca accel", x.Accel, mode.want.BCaAccel, tol)
				near(t, name+" bca α1", x.AdjLo, mode.want.BCaAdjusted[0], tol)
				near(t, name+" bca α2", x.AdjHi, mode.want.BCaAdjusted[1], tol)
				near(t, name+" bca lo", x.Lo, mode.want.BCa[0], tol)
				near(t, name+" bca hi", x.Hi, mode.want.BCa[1], tol)
			}
		}
	}
}

// TestEngineJackknifeMatchesReference checks the engine's estimate and leave-one-unit-out
// values against the reference computed in Python from the same columns.
func TestEngineJackknifeMatchesReference(t *testing.T) {
	s, _ := loadRefs(t)
	for _, c := range s.Bootstrap {
		res, err := Resample(len(c.Jackknife), refStatistic(t, c), 1, Options{Resamples: 50})
		if err != nil {
			t.Fatal(err)
		}
		near(t, c.Name+" estimate", res.Estimate[0], c.Estimate, 1e-12)
		for u, want := range c.Jackknife {
			near(t, c.Name+" jackknife", res.Jackknife(0)[u], want, 1e-12)
		}
	}
}

func TestQuantileMatchesNumpyAndR(t *testing.T) {
	s, r := loadRefs(t)
	q := s.Quantile
	for i, p := range q.P {
		got, _ := Quantile(q.X, p, QuantileScipy)
		near(t, "np.percentile", got, q.Linear[i], 1e-12)
		if v := r.NormInter.Value[i]; v != nil {
			got, _ := Quantile(q.X, p, QuantileR)
			near(t, "norm.inter", got, *v, 1e-9)
		}
	}
}

func mustFloat(t *testing.T, s string) float64 {
	t.Helper()
	var v float64
	if err := json.Unmarshal([]byte(s), &v); err != nil {
		t.Fatalf("level %q: %v", s, err)
	}
	return v
}
