package main

import (
	"strings"
	"testing"
)

// TestDeltaFamilies: T13, T14, interventions and policies print several Δs; each now
// carries its p-value (delta_p, delta_<protocol>_p) and the family-adjusted one (…_p_adj,
// never below p), with a note naming the family and the adjustment; --adjust none says
// the p-values are not adjusted and why that matters. They printed marginal intervals only.
func TestDeltaFamilies(t *testing.T) {
	if testing.Short() {
		t.Skip("scores the built-in release under every policy")
	}
	t.Parallel()
	for _, adjust := range []string{"holm", "none"} {
		out, errOut, code := runCLI(t, "tables", "T13", "T14", "interventions", "policies", "--resamples", "1000", "--adjust", adjust, "--format", "json")
		if code != 0 {
			t.Fatalf("exit %d: %s", code, errOut)
		}
		for _, tb := range parseTables(t, out) {
			if len(tb.Rows) == 0 {
				t.Fatalf("%s: no rows", tb.Table)
			}
			var keys []string
			for _, c := range tb.Columns {
				if k, _ := c["key"].(string); strings.HasSuffix(k, "_p") {
					keys = append(keys, k)
				}
			}
			want := map[string]int{"T13": 6, "T14": 5, "interventions": 1, "policies": 1}[tb.Table]
			if len(keys) != want {
				t.Errorf("%s: p columns %v, want %d", tb.Table, keys, want)
			}
			tests := 0
			for _, row := range tb.Rows {
				for _, k := range keys {
					p, ok := row[k].(float64)
					if !ok {
						continue // the baseline policy against itself runs no test
					}
					tests++
					adj := num(t, row, k+"_adj")
					if adjust == "none" && adj != p || adj < p {
						t.Errorf("%s %s: p %v, adjusted %v under %s", tb.Table, k, p, adj, adjust)
					}
				}
			}
			notes := strings.Join(tb.Notes, "\n")
			family := "Holm-adjusted (family-wise error) over the family of the "
			if adjust == "none" {
				family = "not adjusted for multiplicity (--adjust none)"
			}
			if tests == 0 || !strings.Contains(notes, family) {
				t.Errorf("%s (%s): %d tests; notes:\n%s", tb.Table, adjust, tests, notes)
			}
		}
	}
}

// TestEveryEstimateHasAnInterval: T3, the variance table's std and pass^k, T4's Complete
// columns and the policies table's ECS printed no interval; each now has one, or (a 100%
// rate) the labelled Wilson score interval, never a bare number.
func TestEveryEstimateHasAnInterval(t *testing.T) {
	if testing.Short() {
		t.Skip("scores the built-in release under every policy")
	}
	t.Parallel()
	out, errOut, code := runCLI(t, "tables", "T3", "variance", "T4", "policies", "--resamples", "1000", "--format", "json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	want := map[string][]string{
		"T3":       {"bsr", "par", "cas", "gap_v1", "gap_v2", "part_v2", "gap_v3", "part_v3"},
		"variance": {"std", "pass_1", "pass_2", "pass_3"},
		"T4":       {"complete_family", "complete_shared"},
		"policies": {"ecs"},
	}
	for _, tb := range parseTables(t, out) {
		for _, row := range tb.Rows {
			for _, k := range want[tb.Table] {
				x, ok := row[k].(float64)
				lo, okLo := row[k+"_lo"].(float64)
				hi, okHi := row[k+"_hi"].(float64)
				if !ok || !okLo || !okHi || lo > x || x > hi {
					t.Errorf("%s %v %s: %v [%v, %v]", tb.Table, row["config"], k, row[k], row[k+"_lo"], row[k+"_hi"])
				}
			}
		}
	}
}
