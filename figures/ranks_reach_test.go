package figures

import "testing"

// TestRanksTurnedNamesMoveTheColumns: policy_ranks of four configurations named as the
// results fixture names them (M1/Family …) under the five report policies turns the policy
// names 45°, and the first reached a point past the left edge. Widening did not help (the
// short names keep the left column as narrow at any width), so the report left the figure
// out: "the policy names needs 49 pt, only 48 pt available". The columns now move right by
// what the turned name lacks, and the figure is drawn at the column width. The six short
// configurations of TestFitUsesTheLastWidening, which needed twelve widenings, fit so too.
func TestRanksTurnedNamesMoveTheColumns(t *testing.T) {
	pols := []string{"safeact", "near-miss", "toolsandbox", "tau-bench/appworld", "safeact-4f33847"}
	for _, configs := range [][]string{
		{"M1/Family", "M1/Inspect", "M2/Family", "M2/Inspect"},
		{"m1/h1", "m1/inspect", "m2/h2", "m2/inspect", "m3/h3", "m3/inspect"},
	} {
		var ranks [][]float64
		for i := range configs {
			ranks = append(ranks, []float64{float64(i + 1), float64(len(configs) - i), float64(i + 1), float64(i + 1), float64(i + 1)})
		}
		fo, err := Fitted(PolicyRanks{Policies: pols, Configs: configs, Ranks: ranks}, Options{})
		if err != nil {
			t.Errorf("%q: %v", configs, err)
		} else if fo.Width != Column.Width {
			t.Errorf("%q: drawn %v wide, want the column's %v", configs, fo.Width, Column.Width)
		}
	}
}
