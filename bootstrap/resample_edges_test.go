package bootstrap

import (
	"math"
	"slices"
	"strings"
	"testing"
)

// TestResampleSumsJackknifeEveryOutput: with value classes the jackknife is computed per
// class and copied to the class's units, output by output; every output's values must be
// the unit path's, not only the first's. Ten units with x in {0, 1, 2} (three classes) and
// the outputs mean(x) and mean(x²): leaving out a unit with x = 2 gives (S − 2)/9, here
// S = 11 and Σx² = 19, so 1 and 15/9.
func TestResampleSumsJackknifeEveryOutput(t *testing.T) {
	x := []float64{0, 1, 2, 2, 1, 0, 2, 1, 2, 0}
	x2 := make([]float64, len(x))
	one := make([]float64, len(x))
	for i, v := range x {
		x2[i], one[i] = v*v, 1
	}
	s, err := NewSumStat([][]float64{x, x2, one}, 2, func(s, out []float64) { out[0], out[1] = s[0]/s[2], s[1]/s[2] })
	if err != nil {
		t.Fatal(err)
	}
	o := Options{Resamples: 64, Seed: 3}
	fast, err := ResampleSums(s, o)
	if err != nil {
		t.Fatal(err)
	}
	slow, err := Resample(len(x), s.Statistic(), 2, o)
	if err != nil {
		t.Fatal(err)
	}
	if fast.Classes != 3 {
		t.Fatalf("%d classes, want 3", fast.Classes)
	}
	for k := range 2 {
		if !slices.Equal(fast.Jackknife(k), slow.Jackknife(k)) {
			t.Errorf("output %d: jackknife %v, unit path %v", k, fast.Jackknife(k), slow.Jackknife(k))
		}
	}
	if j0, j1 := fast.Jackknife(0)[2], fast.Jackknife(1)[2]; j0 != 1 || j1 != 15.0/9 {
		t.Errorf("without unit 2 (x = 2): %v and %v, want 1 and 15/9", j0, j1)
	}
}

// TestResampleClassesRefusesWrongLength: a grouping of fewer units than nUnits is refused,
// also when it has few enough classes to be drawn by class (it would draw the classes of
// 4 units for a statistic of 10).
func TestResampleClassesRefusesWrongLength(t *testing.T) {
	stat := func([]int32) Statistic { return func(_, out []float64) { out[0] = 0 } }
	_, err := ResampleClasses(10, []int32{0, 0, 0, 0}, stat, 1, Options{Resamples: 8})
	if err == nil || !strings.Contains(err.Error(), "4 unit classes for 10 units") {
		t.Errorf("err %v, want 4 unit classes for 10 units", err)
	}
}

// TestResampleClassesAtTheClassLimit: ResampleClasses draws as ResampleSums does on both
// sides of the class limit (half the units): ten units with five values are drawn by class
// by both, and a grouping of six classes, passed instead of nil, is drawn unit by unit by
// both; the replicates are then bit-identical.
func TestResampleClassesAtTheClassLimit(t *testing.T) {
	for _, x := range [][]float64{{0, 1, 2, 3, 4, 0, 1, 2, 3, 4}, {0, 1, 2, 3, 4, 5, 0, 1, 2, 3}} {
		one := make([]float64, len(x))
		var class []int32
		ids := map[float64]int32{}
		for u, v := range x {
			one[u] = 1
			c, ok := ids[v]
			if !ok {
				c = int32(len(ids))
				ids[v] = c
			}
			class = append(class, c)
		}
		f := func(s, out []float64) { out[0] = s[0] / s[1] }
		st, err := NewSumStat([][]float64{x, one}, 1, f)
		if err != nil {
			t.Fatal(err)
		}
		stat := func(rows []int32) Statistic {
			return func(w, out []float64) {
				var s [2]float64
				for i, u := range rows {
					s[0] += w[i] * x[u]
					s[1] += w[i]
				}
				f(s[:], out)
			}
		}
		o := Options{Resamples: 200, Seed: 11}
		want, err := ResampleSums(st, o)
		if err != nil {
			t.Fatal(err)
		}
		got, err := ResampleClasses(len(x), class, stat, 1, o)
		if err != nil {
			t.Fatal(err)
		}
		if wantClasses := map[int]int{5: 5, 6: 0}[len(ids)]; got.Classes != wantClasses || want.Classes != wantClasses ||
			!slices.Equal(got.Replicates(0), want.Replicates(0)) {
			t.Errorf("%d classes: ResampleClasses drew %d classes, ResampleSums %d (want %d); replicates equal: %v",
				len(ids), got.Classes, want.Classes, wantClasses, slices.Equal(got.Replicates(0), want.Replicates(0)))
		}
		// An output index equal to the number of outputs is out of range.
		if got.Replicates(1) != nil || got.Jackknife(1) != nil {
			t.Error("output 1 of a one-output result should give nil")
		}
	}
}

// TestStdErrOfTwoReplicates: two finite replicates a and b have a standard error,
// |a − b|/√2 (ddof = 1), not NaN; one finite replicate has none.
func TestStdErrOfTwoReplicates(t *testing.T) {
	count0 := func(w, out []float64) { out[0] = w[0] } // how often unit 0 was drawn
	r, err := Resample(4, count0, 1, Options{Resamples: 2, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	a, b := r.Replicates(0)[0], r.Replicates(0)[1]
	if a == b {
		t.Fatalf("replicates %v and %v: the test needs two different values", a, b)
	}
	if got, want := r.StdErr(0), math.Sqrt((b-a)*(b-a)/2); got != want {
		t.Errorf("StdErr of %v and %v = %v, want %v", a, b, got, want)
	}
	nanAfterFirst := func(w, out []float64) {
		out[0] = math.NaN()
		if w[0] == a {
			out[0] = 1
		}
	}
	r, err = Resample(4, nanAfterFirst, 1, Options{Resamples: 2, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if se := r.StdErr(0); !math.IsNaN(se) {
		t.Errorf("StdErr of one finite replicate (%v) = %v, want NaN", r.Replicates(0), se)
	}
}

// TestResampleSizeGuards: a table of outputs × resamples, or of outputs × units, past
// MaxResamples is refused before anything is allocated or drawn.
func TestResampleSizeGuards(t *testing.T) {
	stat := func(_, out []float64) { clear(out) }
	for _, c := range []struct{ units, outs, resamples int }{
		{1, 2, MaxResamples/2 + 1},
		{MaxUnits, MaxResamples/MaxUnits + 1, 1},
	} {
		if _, err := Resample(c.units, stat, c.outs, Options{Resamples: c.resamples}); err == nil || !strings.Contains(err.Error(), "is too large") {
			t.Errorf("%d units, %d outputs, %d resamples: err %v, want too large", c.units, c.outs, c.resamples, err)
		}
	}
}

// TestResampleBCaJackknifePanic: with BCa the jackknife is part of the run, so a statistic
// that panics on a leave-one-out weighting (here: weights summing to n − 1) fails the run,
// rather than leaving an undefined interval.
func TestResampleBCaJackknifePanic(t *testing.T) {
	stat := func(w, out []float64) {
		s := 0.0
		for _, x := range w {
			s += x
		}
		if s == float64(len(w)-1) {
			panic("left one out")
		}
		out[0] = w[0]
	}
	_, err := Resample(5, stat, 1, Options{Resamples: 16, Method: BCa})
	if err == nil || !strings.Contains(err.Error(), "statistic panicked: left one out") {
		t.Errorf("err %v, want the statistic's panic", err)
	}
}
