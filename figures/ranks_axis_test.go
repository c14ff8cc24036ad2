package figures

import (
	"strings"
	"testing"
)

// TestRanksAxisNamesOnlyDrawnBars: the axis label of policy_ranks explained "grey bars:
// tie groups" on a chart without a grey bar (one configuration, as a τ-bench run of one
// model; or rank sets that all stand apart), naming in its legend what is not drawn.
func TestRanksAxisNamesOnlyDrawnBars(t *testing.T) {
	for _, c := range []struct {
		name string
		fig  PolicyRanks
		want string // in the axis label; "" for no word on tie groups
	}{
		{"one configuration", PolicyRanks{Policies: []string{"tau-strict", "tau-bench"}, Configs: []string{"gpt-4o/tool-calling"},
			Ranks: [][]float64{{1, 1}}, TieGroups: [][][]int{{{0}}, {{0}}}, TieLevel: 0.95}, ""},
		{"apart", PolicyRanks{Policies: []string{"a", "b"}, Configs: []string{"x/y", "z/w"},
			Ranks: [][]float64{{1, 1}, {2, 2}}, TieGroups: [][][]int{{{0}, {1}}, {{0}, {1}}}, TieLevel: 0.9}, "no tie groups: no two simultaneous 90% rank sets overlap"},
		{"tied", PolicyRanks{Policies: []string{"a", "b"}, Configs: []string{"x/y", "z/w"},
			Ranks: [][]float64{{1, 1}, {2, 2}}, TieGroups: [][][]int{{{0, 1}}, {{0}, {1}}}, TieLevel: 0.95}, "grey bars: tie groups (overlapping simultaneous 95% rank sets)"},
		{"not computed", PolicyRanks{Policies: []string{"a", "b"}, Configs: []string{"x/y", "z/w"},
			Ranks: [][]float64{{1, 1}, {2, 2}}}, ""},
	} {
		text := strings.Join(drawnStrings(t, c.fig, Options{}), " ")
		switch {
		case c.want == "" && (strings.Contains(text, "grey") || strings.Contains(text, "tie")):
			t.Errorf("%s: the axis speaks of tie groups with none drawn: %q", c.name, text)
		case c.want != "" && !strings.Contains(text, c.want):
			t.Errorf("%s: drawn %q, want %q in the axis label", c.name, text, c.want)
		}
	}
}

// TestRanksAxisNamesTheMeasure: the axis said "rank 1 = highest ECS" on a bench of action
// rules, whose leaderboards rank authorized success (RanksOf sets Measure there).
func TestRanksAxisNamesTheMeasure(t *testing.T) {
	fig := PolicyRanks{Policies: []string{"tau-strict", "tau-bench"}, Configs: []string{"x/y", "z/w"}, Ranks: [][]float64{{1, 2}, {2, 1}}}
	for measure, want := range map[string]string{"": "rank 1 = highest ECS)", "authorized success": "rank 1 = highest authorized success)"} {
		fig.Measure = measure
		if text := strings.Join(drawnStrings(t, fig, Options{}), " "); !strings.Contains(text, want) {
			t.Errorf("measure %q: drawn %q, want %q", measure, text, want)
		}
	}
}
