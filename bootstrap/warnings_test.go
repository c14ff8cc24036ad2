package bootstrap

import (
	"encoding/json"
	"math"
	"slices"
	"testing"
)

func kinds(ws []Warning) []WarningKind {
	var k []WarningKind
	for _, w := range ws {
		k = append(k, w.Kind)
	}
	return k
}

func TestIntervalWarnings(t *testing.T) {
	wide := make([]float64, 2000) // 2000 distinct replicates around 0: no caveat at 95%
	for i := range wide {
		wide[i] = float64(i-1000) / 1000
	}
	cases := []struct {
		name     string
		m        Method
		reps     []float64
		estimate float64
		jack     []float64
		q        QuantileMode
		units    int
		want     []WarningKind
	}{
		{"clean", Percentile, wide, 0, nil, QuantileScipy, 50, nil},
		{"clean R", Percentile, wide, 0, nil, QuantileR, 50, nil},
		// All replicates above the estimate: z0 = −Inf (Efron's BCa is undefined).
		{"bca fallback", BCa, wide, -2, []float64{1, 2, 3}, QuantileScipy, 50, []WarningKind{WarnBCaFallback, WarnExcludesEstimate}},
		{"degenerate", Percentile, []float64{0.5, 0.5, 0.5}, 0.5, nil, QuantileScipy, 50, []WarningKind{WarnDegenerate}},
		{"degenerate bca", BCa, []float64{1, 1}, 1, []float64{1, 1}, QuantileR, 50, []WarningKind{WarnDegenerate}},
		// Five replicates at 95%: h = 0.025·4 = 0.1 < 1 (scipy); (R+1)α = 0.15 ≤ 1 (R).
		{"extreme scipy", Percentile, []float64{3.6, 3.7, 3.8, 3.9, 4.0}, 4.2, nil, QuantileScipy, 50, []WarningKind{WarnExtremeOrder, WarnExcludesEstimate}},
		{"extreme R", Basic, []float64{3.6, 3.7, 3.8, 3.9, 4.0}, 3.8, nil, QuantileR, 50, []WarningKind{WarnExtremeOrder}},
		{"non-finite", Percentile, append([]float64{math.NaN(), math.Inf(1)}, wide...), 0, nil, QuantileScipy, 50, []WarningKind{WarnNonFinite}},
		{"no replicates", Percentile, []float64{math.NaN()}, 0, nil, QuantileScipy, 50, []WarningKind{WarnNoReplicates}},
		{"single unit", Percentile, []float64{2, 2}, 2, nil, QuantileScipy, 1, []WarningKind{WarnDegenerate, WarnSingleUnit}},
	}
	for _, c := range cases {
		ws, err := ReplicateWarnings(c.m, c.reps, c.estimate, c.jack, 0.95, c.q, c.units)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if got := kinds(ws); !slices.Equal(got, c.want) {
			t.Errorf("%s: warnings %v, want %v", c.name, ws, c.want)
		}
		for _, w := range ws {
			if w.Detail == "" || w.Kind.String() == "" {
				t.Errorf("%s: warning %v has no text", c.name, w)
			}
		}
	}
}

// One resample (--resamples 1) and one cluster through Resample itself.
func TestResultWarnings(t *testing.T) {
	st, err := RatioOfSums([]float64{1, 0, 1, 1, 0, 1}, []float64{1, 1, 1, 1, 1, 1})
	if err != nil {
		t.Fatal(err)
	}
	r, err := Resample(6, st, 1, Options{Resamples: 1})
	if err != nil {
		t.Fatal(err)
	}
	if got := kinds(r.Warnings(0)); !slices.Equal(got, []WarningKind{WarnDegenerate}) {
		t.Errorf("one resample: %v, want degenerate", r.Warnings(0))
	}
	one, _ := RatioOfSums([]float64{3}, []float64{7})
	r, err = Resample(1, one, 1, Options{Resamples: 50})
	if err != nil {
		t.Fatal(err)
	}
	if got := kinds(r.Warnings(0)); !slices.Equal(got, []WarningKind{WarnDegenerate, WarnSingleUnit}) {
		t.Errorf("one cluster: %v, want degenerate and single unit", r.Warnings(0))
	}
	if r.Warnings(1) != nil || r.Warnings(-1) != nil {
		t.Error("warnings for an output that does not exist")
	}
}

// A statistic with no finite replicate: Resample gives an undefined interval whose
// caveats say so, each once (IntervalWarnings does not add no_replicates again).
func TestResultNoReplicates(t *testing.T) {
	nan := func(_ []float64, out []float64) { out[0] = math.NaN() }
	r, err := Resample(5, nan, 1, Options{Resamples: 20})
	if err != nil {
		t.Fatal(err)
	}
	iv := r.Intervals[0]
	want := []WarningKind{WarnNonFinite, WarnNoReplicates}
	if !math.IsNaN(iv.Lo) || !math.IsNaN(iv.Hi) || !slices.Equal(kinds(iv.Warnings), want) ||
		iv.Warnings[1].Detail != ErrNoReplicates.Error() {
		t.Errorf("interval %v %v, warnings %v; want NaN, non-finite and no replicates", iv.Lo, iv.Hi, iv.Warnings)
	}
	if got := kinds(r.Warnings(0)); !slices.Equal(got, want) {
		t.Errorf("Result.Warnings %v, want %v", r.Warnings(0), want)
	}
}

func TestWarningKindNames(t *testing.T) {
	seen := map[string]bool{}
	for k := WarnBCaFallback; k <= WarnNoReplicates; k++ {
		s := k.String()
		if seen[s] || s == "" {
			t.Errorf("kind %d: name %q empty or repeated", k, s)
		}
		seen[s] = true
	}
	if WarningKind(0).String() != "WarningKind(0)" || WarningKind(99).String() != "WarningKind(99)" {
		t.Error("unknown kinds need a visible name")
	}
}

func TestWarningJSON(t *testing.T) {
	b, err := json.Marshal([]Warning{{WarnDegenerate, "all equal"}})
	if err != nil || string(b) != `[{"kind":"degenerate","detail":"all equal"}]` {
		t.Errorf("json %s, %v", b, err)
	}
}

// TestSmallSampleWarning: an interval over fewer than SmallSampleUnits units says so (the
// coverage simulation found it covering less than 0.93 there); at the threshold, or
// without an interval, it does not.
func TestSmallSampleWarning(t *testing.T) {
	iv := Interval{Lo: 0.1, Hi: 0.3, Used: 1000}
	has := func(units int) bool {
		for _, w := range IntervalWarnings(iv, 0.2, units) {
			if w.Kind == WarnSmallSample {
				return true
			}
		}
		return false
	}
	if !has(5) || !has(SmallSampleUnits-1) || has(SmallSampleUnits) || has(1) {
		t.Errorf("small_sample at 5, %d, %d, 1 units: %v %v %v %v", SmallSampleUnits-1, SmallSampleUnits, has(5), has(SmallSampleUnits-1), has(SmallSampleUnits), has(1))
	}
	iv = Interval{Lo: math.NaN(), Hi: math.NaN(), Used: 1000}
	if has(5) {
		t.Error("small_sample on an interval that does not exist")
	}
}
