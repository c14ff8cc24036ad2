package bootstrap

import (
	"math"
	"testing"
)

// One template gives no within-template correlation. By hand: within a single template the
// deviations e = y − ȳ sum to 0, so Σ_{i≠j} e_i·e_j = (Σe)² − Σe² = −Σe², and the moment
// estimate was −1/n of the between-case variance's share by construction, whatever the
// data: the variance table printed ICC cluster −0.125 for 8 cases in one cluster, and
// power's template row a design effect of 1/n (0.050 at 20 cases: an MDE of 4.42 points
// where the cases row, the only honest plan, says 19.75).
func TestOneTemplateGivesNoCorrelation(t *testing.T) {
	succ, n := []int{3, 0, 3, 3, 0, 3, 0, 3}, []int{3, 3, 3, 3, 3, 3, 3, 3}
	f, err := EstimateNoise(succ, n, make([]int, 8))
	if err != nil {
		t.Fatal(err)
	}
	if !math.IsNaN(f.TemplateICC) {
		t.Errorf("one template: TemplateICC = %v, want NaN (undefined)", f.TemplateICC)
	}
	// Two templates keep the estimate: y = 1,0,1,1 and 0,1,0,1, ȳ = 5/8; the cross-products
	// within each template over its 4·3 ordered pairs; Between = var(y), every case passing
	// all its repeats or none (no repeat noise). By hand (Python's fractions agree):
	f, err = EstimateNoise(succ, n, []int{0, 0, 0, 0, 1, 1, 1, 1})
	if err != nil {
		t.Fatal(err)
	}
	// e = 3/8 or −5/8: template 1 has 3×3/8 − 5/8 = 1/2 and Σe² = 3·9/64 + 25/64 = 52/64;
	// template 2: 2×3/8 − 2×5/8 = −1/2, Σe² = 2·9/64 + 2·25/64 = 68/64. Cross = (1/4 − 52/64)
	// + (1/4 − 68/64) = −88/64, over 24 pairs: −11/192. var(y) (ddof 1) = 15/56.
	// ICC = (−11/192)/(15/56) = −77/360.
	if want := -77.0 / 360; math.Abs(f.TemplateICC-want) > 1e-12 {
		t.Errorf("two templates: TemplateICC = %v, want %v", f.TemplateICC, want)
	}
	cases := make([]PairedCase, 20)
	for i := range cases {
		cases[i] = PairedCase{SuccA: 3 * (i % 2), NA: 3, SuccB: i % 3, NB: 3}
	}
	c, err := EstimatePaired(cases)
	if err != nil {
		t.Fatal(err)
	}
	if c.Clusters != 1 || c.TemplatesKnown() {
		t.Errorf("one template of 20 cases: %d clusters, TemplatesKnown %v; want 1 and false", c.Clusters, c.TemplatesKnown())
	}
	for i := range cases {
		cases[i].Cluster = i / 5
	}
	if c, _ = EstimatePaired(cases); !c.TemplatesKnown() {
		t.Errorf("four templates of 5 cases: TemplatesKnown false")
	}
}
