package analysis

import (
	"math"
	"slices"
	"testing"

	"github.com/sabench/sabench-stats/bootstrap"
	"github.com/sabench/sabench-stats/oracle"
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

// TestDomainsMatchT8: the domains table's configuration × domain cell over every protocol
// is T8's cell, so it has T8's interval (they drew separate random streams, and differed
// by up to 0.69 points).
func TestDomainsMatchT8(t *testing.T) {
	r := builtinRelease(t)
	o := DefaultStatOptions()
	o.Resamples, o.Workers = 1000, 2
	sum, err := r.SummaryIntervals(o)
	if err != nil {
		t.Fatal(err)
	}
	_, cells, cis, err := r.DomainIntervals(DomainFilter{}, o)
	if err != nil {
		t.Fatal(err)
	}
	byConfig := map[string]SummaryCI{}
	for _, s := range sum {
		byConfig[s.Config] = s
	}
	domains := r.Domains()
	checked := 0
	for i, c := range cells {
		d := slices.Index(domains, c.Domain)
		want := byConfig[c.Config].ByDomain[d]
		got := cis[i][len(cis[i])-1]
		if got.X != want.X || got.Lo != want.Lo || got.Hi != want.Hi {
			t.Errorf("%s × %s: domains %v [%v, %v], T8 %v [%v, %v]", c.Config, c.Domain, got.X, got.Lo, got.Hi, want.X, want.Lo, want.Hi)
		}
		checked++
	}
	if checked == 0 {
		t.Fatal("no cell")
	}
}

// TestBaselineDeltaLikeIdenticalPolicy: the baseline's Δ against itself printed [0.0, 0.0]
// while a policy that scores every episode alike printed an empty interval marked
// degenerate; both are now empty and marked degenerate. The baseline runs no test (no
// p-value, so it is not in the table's family); the twin's test finds nothing (p = 1).
func TestBaselineDeltaLikeIdenticalPolicy(t *testing.T) {
	r := builtinRelease(t)
	var other oracle.Policy
	for _, p := range oracle.Presets {
		if p.Hash() != r.Policy.Hash() {
			other = p
			break
		}
	}
	twin := releaseOfRecords(r, r.Verdicts, other) // the same verdicts under another name
	o := DefaultStatOptions()
	o.Resamples, o.Workers = 1000, 2
	res, err := NewPolicyComparison([]*Release{r, twin}).Compare(o)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Rows) != 2 {
		t.Fatalf("%d rows", len(res.Rows))
	}
	for i, row := range res.Rows {
		for j, d := range row.Delta {
			degenerate := len(d.Warnings) > 0 && d.Warnings[0].Kind == bootstrap.WarnDegenerate
			p := d.P == 1
			if i == 0 {
				p = math.IsNaN(d.P)
			}
			if d.X != 0 || !math.IsNaN(d.Lo) || !math.IsNaN(d.Hi) || !degenerate || !p {
				t.Errorf("%s, config %d: Δ %v [%v, %v] p %v %v", row.Label(), j, d.X, d.Lo, d.Hi, d.P, d.Warnings)
			}
		}
	}
}

// TestSameDeltaSameInterval: a Δ that two tables print has one interval: T4's row is
// compare A B on V0–V3, T13's row compare --conditions on every protocol (each table
// used to draw its own stream).
func TestSameDeltaSameInterval(t *testing.T) {
	r := builtinRelease(t)
	o := DefaultStatOptions()
	o.Resamples, o.Workers = 1000, 2
	t4, err := r.HarnessComparison(PaperChoices(), o)
	if err != nil || len(t4) == 0 {
		t.Fatal(err)
	}
	x := t4[0]
	cmp, err := r.Compare(CompareSpec{A: x.Family, B: x.Shared, Condition: "main", Protocols: executable}, o)
	if err != nil {
		t.Fatal(err)
	}
	if d := cmp[0].Delta; d.X != x.Delta.X || d.Lo != x.Delta.Lo || d.Hi != x.Delta.Hi {
		t.Errorf("T4 %s: %v [%v, %v]; compare: %v [%v, %v]", x.Family, x.Delta.X, x.Delta.Lo, x.Delta.Hi, d.X, d.Lo, d.Hi)
	}
	t13, ok, err := r.StrategyComparison("scgr_eg", true, o)
	if err != nil || !ok || len(t13) == 0 {
		t.Fatal(err, ok)
	}
	y := t13[0]
	cc, err := r.Compare(CompareSpec{A: "scgr_eg", B: "main", Conditions: true, Config: y.Config}, o)
	if err != nil {
		t.Fatal(err)
	}
	if d := cc[0].Delta; d.X != y.Delta.X || d.Lo != y.Delta.Lo || d.Hi != y.Delta.Hi {
		t.Errorf("T13 %s: %v [%v, %v]; compare: %v [%v, %v]", y.Config, y.Delta.X, y.Delta.Lo, y.Delta.Hi, d.X, d.Lo, d.Hi)
	}
	for j, p := range StrategyProtocols(true) {
		for _, sc := range cc[1:] {
			if sc.Label == p.Label() && (sc.Delta.Lo != y.ByProtocol[j].Lo || sc.Delta.Hi != y.ByProtocol[j].Hi) {
				t.Errorf("T13 %s %s: [%v, %v]; compare: [%v, %v]", y.Config, p.Label(), y.ByProtocol[j].Lo, y.ByProtocol[j].Hi, sc.Delta.Lo, sc.Delta.Hi)
			}
		}
	}
}
