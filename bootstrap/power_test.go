package bootstrap

import (
	"math"
	"testing"
)

// powerModel is a population with known variance components: each case's true rates
// (p_A, p_B) are one of types, the template's own type with probability share, else a type
// of its own (uniform); repeats are independent Bernoulli draws. Two cases of a template
// then covary by share²·Var(p_A − p_B).
type powerModel struct {
	types [][2]float64
	share float64
}

func (m powerModel) components() PairedComponents {
	var c PairedComponents
	k := float64(len(m.types))
	var mA, mB, mD float64
	for _, t := range m.types {
		mA, mB, mD = mA+t[0]/k, mB+t[1]/k, mD+(t[0]-t[1])/k
	}
	for _, t := range m.types {
		c.BetweenA += (t[0] - mA) * (t[0] - mA) / k
		c.BetweenB += (t[1] - mB) * (t[1] - mB) / k
		c.BetweenDiff += (t[0] - t[1] - mD) * (t[0] - t[1] - mD) / k
		c.WithinA += t[0] * (1 - t[0]) / k
		c.WithinB += t[1] * (1 - t[1]) / k
	}
	c.RateA, c.RateB = mA, mB
	c.TemplateCov = m.share * m.share * c.BetweenDiff
	c.WithinKnown = true
	return c
}

// pilot draws templates × size cases with r repeats per arm.
func (m powerModel) pilot(seed uint64, templates, size, r int) []PairedCase {
	g := rng{seed}
	var out []PairedCase
	for c := range templates {
		own := m.types[g.below(len(m.types))]
		for range size {
			t := m.types[g.below(len(m.types))]
			if g.uniform() < m.share {
				t = own
			}
			k := PairedCase{NA: r, NB: r, Cluster: c}
			for range r {
				if g.uniform() < t[0] {
					k.SuccA++
				}
				if g.uniform() < t[1] {
					k.SuccB++
				}
			}
			out = append(out, k)
		}
	}
	return out
}

var testModel = powerModel{types: [][2]float64{{0.9, 0.8}, {0.6, 0.5}, {0.2, 0.25}, {0.95, 0.95}, {0.4, 0.1}, {0.05, 0.0}}, share: 0.6}

// TestPowerClosedForms: without clustering or within-case correlation the planner is the
// textbook two-sample formula (MinSampleSize with sd² = p_A(1−p_A) + p_B(1−p_B)), and
// the power at the MDE is the requested power.
func TestPowerClosedForms(t *testing.T) {
	c, err := StatedComponents(0.6, 0.5, 0, 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	d := PowerDesign{Cases: 500, Repeats: 1, Alpha: 0.05, Power: 0.8}
	n, ok, err := c.CasesFor(d, 0.05)
	if err != nil || !ok {
		t.Fatal(err, ok)
	}
	want, err := MinSampleSize(math.Sqrt(0.6*0.4+0.5*0.5), 0.05, 0.05, 0.8)
	if err != nil || n != want {
		t.Fatalf("CasesFor = %d, MinSampleSize = %d (%v)", n, want, err)
	}
	// (1.959964 + 0.841621)² · 0.49 / 0.05² = 1538.4 (by hand) → 1539.
	if n != 1539 {
		t.Fatalf("cases = %d, want 1539", n)
	}
	mde, err := c.MDE(d)
	if err != nil {
		t.Fatal(err)
	}
	if p, _ := c.PowerAt(d, mde); math.Abs(p-0.8) > 1e-4 {
		t.Fatalf("power at the MDE = %v, want 0.8", p)
	}
	// Repeats shrink only the within-case part: with icc 0.5 the between part stays.
	c5, _ := StatedComponents(0.6, 0.5, 0.5, 0.5, 0)
	if r, ok, _ := c5.RepeatsFor(PowerDesign{Cases: 200, Repeats: 1, Alpha: 0.05, Power: 0.8}, 0.02); ok {
		t.Fatalf("a 2-point Δ on 200 cases should be out of reach of repeats, got %d", r)
	}
	// Fixed templates: when one template's share of the variance is too large, no number of
	// cases reaches the target.
	ct, _ := StatedComponents(0.6, 0.5, 0.5, 0, 0.5)
	if n, ok, _ := ct.CasesFor(PowerDesign{Cases: 100, Repeats: 3, Templates: 10, Alpha: 0.05, Power: 0.8}, 0.02); ok {
		t.Fatalf("10 templates cannot detect 2 points here, got %d cases", n)
	}
	// Design effect: 1 + (m − 1)·ρ_t.
	if got, want := ct.DesignEffect(3, 5), 1+4*ct.TemplateCov/ct.CaseVariance(3); math.Abs(got-want) > 1e-15 {
		t.Fatalf("design effect %v, want %v", got, want)
	}
}

// TestEstimatePairedRecoversModel: on a large pilot the method-of-moments estimates land
// on the model's components.
func TestEstimatePairedRecoversModel(t *testing.T) {
	want := testModel.components()
	got, err := EstimatePaired(testModel.pilot(7, 6000, 4, 3))
	if err != nil {
		t.Fatal(err)
	}
	for _, x := range []struct {
		name      string
		got, want float64
	}{
		{"rate A", got.RateA, want.RateA}, {"rate B", got.RateB, want.RateB},
		{"between A", got.BetweenA, want.BetweenA}, {"between B", got.BetweenB, want.BetweenB},
		{"within A", got.WithinA, want.WithinA}, {"within B", got.WithinB, want.WithinB},
		{"between diff", got.BetweenDiff, want.BetweenDiff}, {"template cov", got.TemplateCov, want.TemplateCov},
	} {
		if math.Abs(x.got-x.want) > 0.004 {
			t.Errorf("%s: estimated %.5f, model %.5f", x.name, x.got, x.want)
		}
	}
	if got.Cases != 24000 || got.Repeats != 3 || got.Clusters != 6000 || got.ClusterSize != 4 {
		t.Errorf("design %d cases × %d repeats, %d templates of %v", got.Cases, got.Repeats, got.Clusters, got.ClusterSize)
	}
}

// TestPowerPlanAgreesWithSimulation: the planner's MDE, estimated from a pilot, is
// detected by the paired percentile bootstrap in 80% of simulated studies, within Monte
// Carlo error (1000 studies: SE 0.013; the bound is 3 SE), for case-resampled studies of
// independent cases and for template-resampled studies of whole templates.
func TestPowerPlanAgreesWithSimulation(t *testing.T) {
	if testing.Short() {
		t.Skip("simulation")
	}
	pilot := testModel.pilot(11, 3000, 4, 3)
	c, err := EstimatePaired(pilot)
	if err != nil {
		t.Fatal(err)
	}
	for _, clustered := range []bool{false, true} {
		d := PowerDesign{Cases: 240, Repeats: 2, Alpha: 0.05, Power: 0.8, ClusterSize: 1}
		if clustered {
			d.ClusterSize = c.ClusterSize
		}
		mde, err := c.MDE(d)
		if err != nil {
			t.Fatal(err)
		}
		sim, err := SimulatePower(pilot, PowerSimulation{Cases: d.Cases, Repeats: d.Repeats, Clustered: clustered,
			Delta: mde, Alpha: d.Alpha, Studies: 1000, Boot: Options{Resamples: 500, Seed: 3, Workers: 1}})
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("clustered %v: MDE %.4f, simulated power %.3f ± %.3f", clustered, mde, sim.Power, sim.SE)
		if math.Abs(sim.Power-0.8) > 3*math.Sqrt(0.8*0.2/1000) {
			t.Errorf("clustered %v: planned power 0.80 at Δ = %.4f, simulated %.3f ± %.3f", clustered, mde, sim.Power, sim.SE)
		}
		// And the size: at Δ = 0 the test rejects about α of the time.
		null, err := SimulatePower(pilot, PowerSimulation{Cases: d.Cases, Repeats: d.Repeats, Clustered: clustered,
			Alpha: d.Alpha, Studies: 1000, Boot: Options{Resamples: 500, Seed: 4, Workers: 1}})
		if err != nil {
			t.Fatal(err)
		}
		if null.Power > 0.05+3*math.Sqrt(0.05*0.95/1000) {
			t.Errorf("clustered %v: rejection rate %.3f at Δ = 0", clustered, null.Power)
		}
	}
}

// TestSimulatePowerRefuses: more repeats than the pilot holds, or a shift no flip
// probability gives, are errors.
func TestSimulatePowerRefuses(t *testing.T) {
	pilot := []PairedCase{{SuccA: 1, NA: 2, SuccB: 0, NB: 2}, {SuccA: 2, NA: 2, SuccB: 1, NB: 2}}
	if _, err := SimulatePower(pilot, PowerSimulation{Cases: 10, Repeats: 3, Alpha: 0.05, Studies: 1}); err == nil {
		t.Error("3 repeats from a pilot of 2: no error")
	}
	all := []PairedCase{{SuccA: 2, NA: 2, SuccB: 0, NB: 2}, {SuccA: 2, NA: 2, SuccB: 0, NB: 2}}
	if _, err := SimulatePower(all, PowerSimulation{Cases: 10, Repeats: 2, Alpha: 0.05, Studies: 1, Delta: -1.5}); err == nil {
		t.Error("Δ = −1.5: no error")
	}
}

// TestEstimateNoiseRecoversModel: one arm's noise floor on a large pilot lands on the
// model's: flip rate 2W, ICC Between/(Between + W), template correlation share².
func TestEstimateNoiseRecoversModel(t *testing.T) {
	want := testModel.components()
	pilot := testModel.pilot(5, 6000, 4, 3)
	succ, n, cl := make([]int, len(pilot)), make([]int, len(pilot)), make([]int, len(pilot))
	for i, k := range pilot {
		succ[i], n[i], cl[i] = k.SuccA, k.NA, k.Cluster
	}
	f, err := EstimateNoise(succ, n, cl)
	if err != nil {
		t.Fatal(err)
	}
	for _, x := range []struct {
		name      string
		got, want float64
	}{
		{"flip rate", f.FlipRate, 2 * want.WithinA},
		{"ICC", f.ICC, want.BetweenA / (want.BetweenA + want.WithinA)},
		{"template ICC", f.TemplateICC, testModel.share * testModel.share},
		{"run SD", f.RunSD, math.Sqrt(want.WithinA / 72000)},
	} {
		if math.Abs(x.got-x.want) > 0.02*math.Max(1, x.want) {
			t.Errorf("%s: estimated %.5f, model %.5f", x.name, x.got, x.want)
		}
	}
	// One repeat per case: within-case noise cannot be told from between-case variance.
	one, err := EstimateNoise([]int{1, 0, 1}, []int{1, 1, 1}, []int{0, 1, 2})
	if err != nil || !math.IsNaN(one.FlipRate) || !math.IsNaN(one.ICC) {
		t.Errorf("one repeat: %+v, %v", one, err)
	}
}
