package analysis

import (
	"fmt"
	"testing"
)

// TestCompareInspectClusteredTest: with --cluster-by the family's test of a binary scorer
// was still McNemar, whose pairs are the samples taken as independent, so the adjusted p
// ignored the clusters the user asked to resample. All four discordant samples lie in one
// cluster of four: McNemar p = 0.125 (scipy.stats.binomtest(4, 4) 1.10.1), while Δ is 0 in
// every resample that misses that cluster. Clustered, the test is the cluster bootstrap p
// (McNemar is still reported); unclustered, McNemar as before.
func TestCompareInspectClusteredTest(t *testing.T) {
	var a, b [][]float64
	for c := range 4 {
		for range 4 {
			switch c {
			case 0:
				a, b = append(a, []float64{1}), append(b, []float64{0})
			case 1, 3:
				a, b = append(a, []float64{1}), append(b, []float64{1})
			default:
				a, b = append(a, []float64{0}), append(b, []float64{0})
			}
		}
	}
	group := func(i int) string { return fmt.Sprint("c", i/4) }
	o := DefaultStatOptions()
	o.Resamples = 1000
	run := func(key string) InspectDiff {
		ds, err := CompareInspect(InspectArm{Rows: synthRows("s", a, group)}, InspectArm{Rows: synthRows("s", b, group)}, InspectCompareOptions{ClusterBy: key}, o)
		if err != nil {
			t.Fatal(err)
		}
		return ds[0]
	}
	d := run("")
	if d.Test != "McNemar" || d.McNemarP != 0.125 || d.PTest != 0.125 || d.Units != 16 {
		t.Errorf("unclustered: test %s, McNemar p %v, test p %v, units %d", d.Test, d.McNemarP, d.PTest, d.Units)
	}
	c := run("g")
	if c.Test != "bootstrap" || c.PTest != c.P || c.McNemarP != 0.125 || c.Units != 4 {
		t.Errorf("clustered: test %s, test p %v (bootstrap p %v), McNemar p %v, units %d", c.Test, c.PTest, c.P, c.McNemarP, c.Units)
	}
	// P(the cluster is not drawn) = (3/4)^4 ≈ 0.316, so the two-sided p is near 0.63.
	if c.P < 0.5 || c.P > 0.8 {
		t.Errorf("clustered bootstrap p %v, want near 0.63", c.P)
	}
}
