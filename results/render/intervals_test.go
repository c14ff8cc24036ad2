package render

import (
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/bootstrap"
	"github.com/sabench/sabench-stats/results"
)

// TestCIValues: a row's CSV interval fields are the options and the caveat kinds of that
// row's intervals as "column:kind".
func TestCIValues(t *testing.T) {
	iv := &results.Intervals{Spec: analysis.IntervalSpec{Level: 0.95, Method: "bca", Quantile: "scipy", Unit: "cases", Resamples: 1000, Seed: 1},
		Warnings: []results.IntervalWarning{
			{Row: 1, Column: "delta", Label: "A", Warning: bootstrap.Warning{Kind: bootstrap.WarnDegenerate, Detail: "all equal"}},
			{Row: 2, Column: "delta", Label: "B", Warning: bootstrap.Warning{Kind: bootstrap.WarnBCaFallback, Detail: "undefined"}},
			{Row: 3, Column: "delta", Label: "C", Warning: bootstrap.Warning{Kind: bootstrap.WarnBCaFallback, Detail: "undefined"}},
		}}
	want := []string{"0.95", "bca", "scipy", "cases", "", "1000", "1", "delta:degenerate"}
	if got := ciValues(iv, 0); len(got) != len(ciFields) || strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("row 1: %q, want %q", got, want)
	}
	if got := ciValues(iv, 2)[7]; got != "delta:bca_fallback" {
		t.Errorf("row 3 ci_warnings %q", got)
	}
}
