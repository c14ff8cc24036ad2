package figures

import (
	"bytes"
	"testing"
)

// TestFitUsesTheLastWidening: a figure that fits only after the twelfth widening (the
// policy_ranks of six short configurations under the five report policies: the rotated
// policy names lack a point of room at each step until the names are drawn flat) was
// returned as an empty scene with no error, and the SVG canvas panicked on its zero size.
// It is drawn in every format. (Since the turned names move the columns right instead,
// TestRanksTurnedNamesMoveTheColumns, it fits at the column's width.)
func TestFitUsesTheLastWidening(t *testing.T) {
	configs := []string{"m1/h1", "m1/inspect", "m2/h2", "m2/inspect", "m3/h3", "m3/inspect"}
	fig := PolicyRanks{
		Policies: []string{"safeact", "near-miss", "toolsandbox", "tau-bench/appworld", "safeact-4f33847"},
		Configs:  configs,
		Ranks:    [][]float64{{1, 1, 1, 1, 1}, {2, 2, 2, 2, 2}, {3, 3, 3, 3, 3}, {4, 4, 4, 4, 4}, {5, 5, 5, 5, 5}, {6, 6, 6, 6, 6}},
	}
	if _, err := Fitted(fig, Options{}); err != nil {
		t.Fatal(err)
	}
	for _, f := range Formats {
		var b bytes.Buffer
		if err := Render(fig, f, &b, Options{}); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		if b.Len() == 0 {
			t.Fatalf("%s: nothing written", f)
		}
	}
}
