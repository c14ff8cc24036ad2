package analysis

import (
	"math"
	"testing"

	"github.com/sabench/sabench-stats/bootstrap"
)

// TestDiagnoseCIMatchesDiagnose: T3's rates with intervals have Diagnose's estimates, and
// each interval holds its estimate and was computed from the configuration's cases.
func TestDiagnoseCIMatchesDiagnose(t *testing.T) {
	r := builtinRelease(t)
	o := DefaultStatOptions()
	o.Resamples, o.Workers = 1000, 2
	got, err := r.DiagnoseCI(r.Main(), o)
	if err != nil {
		t.Fatal(err)
	}
	want := r.Diagnose(r.Main())
	scored := 0
	if len(got) != len(want) || len(got) == 0 {
		t.Fatalf("%d rows, want %d", len(got), len(want))
	}
	for i, w := range want {
		vals := []float64{w.BSR, w.PAR, w.CAS, w.Gap[2], w.Gap[3], w.Part[3], w.Gap[4], w.Part[4]}
		for k, x := range got[i].Rates {
			if math.Abs(x.X-vals[k]) > 1e-12 {
				t.Errorf("%s %s: %v, Diagnose %v", w.Config, DiagnosticNames[k], x.X, vals[k])
			}
			if !(x.Lo <= x.X && x.X <= x.Hi) || x.Units < 40 || x.Units > 175 {
				t.Errorf("%s %s: %v [%v, %v] over %d units", w.Config, DiagnosticNames[k], x.X, x.Lo, x.Hi, x.Units)
			}
			// A 100% rate has no bootstrap interval: the Wilson score interval over its
			// units stands in, labelled (GLM-5.2/ZCode's CAS on the built-in release).
			if x.X == 1 {
				scored++
				lo, _, _ := bootstrap.Wilson(x.Units, x.Units, 0.95)
				if x.Lo != lo || x.Hi != 1 || len(x.Warnings) != 1 || x.Warnings[0].Kind != bootstrap.WarnScoreInterval {
					t.Errorf("%s %s at 100%%: [%v, %v] %v, want the Wilson [%v, 1]", w.Config, DiagnosticNames[k], x.Lo, x.Hi, x.Warnings, lo)
				}
			}
		}
	}
	if scored == 0 {
		t.Error("no 100% rate: the score interval went untested")
	}
}

// TestRepeatSpreads: the variance table's std and pass^k carry case-resampled intervals
// around RepeatVariation's values, and every configuration has a noise floor.
func TestRepeatSpreads(t *testing.T) {
	r := builtinRelease(t)
	o := DefaultStatOptions()
	o.Resamples, o.Workers = 1000, 2
	vs := r.Main()
	rows, err := r.RepeatVariation(vs, []int{1, 2, 3}, bootstrap.PassKPlanned, Executable)
	if err != nil {
		t.Fatal(err)
	}
	sp, err := r.RepeatSpreads(vs, rows, o, Executable)
	if err != nil {
		t.Fatal(err)
	}
	for i, row := range rows {
		s := sp[i]
		if math.Abs(s.Std.X-row.Std) > 1e-12 || !(s.Std.Hi > s.Std.Lo) {
			t.Errorf("%s: std %v [%v, %v], RepeatVariation %v", row.Config, s.Std.X, s.Std.Lo, s.Std.Hi, row.Std)
		}
		for k, pk := range row.PassK {
			e := s.PassK[k]
			if math.Abs(e.X-pk.Value) > 1e-12 || !(e.Lo <= e.X && e.X <= e.Hi) || e.Units != 570 {
				t.Errorf("%s pass^%d: %v [%v, %v] over %d units, want %v", row.Config, pk.K, e.X, e.Lo, e.Hi, e.Units, pk.Value)
			}
		}
		if s.NoiseErr != "" || !(s.Noise.FlipRate > 0 && s.Noise.FlipRate < 1) || !(s.Noise.ICC > 0 && s.Noise.ICC < 1) {
			t.Errorf("%s: noise floor %+v (%s)", row.Config, s.Noise, s.NoiseErr)
		}
	}
}

// TestHarnessCompleteCI: T4's Complete rates carry intervals on the paired cases.
func TestHarnessCompleteCI(t *testing.T) {
	r := builtinRelease(t)
	o := DefaultStatOptions()
	o.Resamples, o.Workers = 1000, 2
	rows, err := r.HarnessComparison(PaperChoices(), o)
	if err != nil || len(rows) == 0 {
		t.Fatal(err, len(rows))
	}
	for _, x := range rows {
		for _, c := range []struct {
			rate Rate
			est  Estimate
		}{{x.CompleteFamily, x.CompleteFamilyCI}, {x.CompleteShared, x.CompleteSharedCI}} {
			if math.Abs(c.est.X-c.rate.Value()) > 1e-12 || !(c.est.Lo < c.est.X && c.est.X < c.est.Hi) || c.est.Units != x.Delta.Units {
				t.Errorf("%s: Complete %v [%v, %v] over %d units, rate %v over %d", x.Family, c.est.X, c.est.Lo, c.est.Hi, c.est.Units, c.rate.Value(), x.Delta.Units)
			}
		}
	}
}
