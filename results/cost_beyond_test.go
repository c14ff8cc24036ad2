package results_test

import (
	"math"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/oracle"
)

// TestCostTotalsBeyondNumbers: usage numbers at the limits of a float (1e308 tokens and
// dollars, an output count of 2^63+5) printed -9223372036854775808 input and output
// tokens, and an empty cost for episodes counted "with cost", without a word. Such a
// total is left empty and a note names the column and configuration; the other
// configurations' totals stay.
func TestCostTotalsBeyondNumbers(t *testing.T) {
	cases, sets, all := fixtureVerdicts(t)
	var vs []oracle.Verdict
	for _, v := range all {
		f := v.Fields()
		if f.Config == "M1/Family" {
			f.Usage = oracle.Usage{CostUSD: 1e308, InputTokens: 1e308, OutputTokens: math.Ldexp(1, 63) + 5, WallSeconds: 10,
				Known: oracle.UsageCost | oracle.UsageInput | oracle.UsageOutput | oracle.UsageWall}
		} else {
			f.Usage = oracle.Usage{InputTokens: 100, Known: oracle.UsageInput}
		}
		vs = append(vs, f.Verdict())
	}
	tb := buildOne(t, analysis.NewRelease(cases, sets, vs, oracle.SafeAct), "cost", goldenStats())
	for _, r := range tb.Rows {
		cfg := r.Cells[tb.Column("config")].Str()
		for _, col := range []string{"cost_usd", "input_tokens", "output_tokens"} {
			v, ok := r.Cells[tb.Column(col)].Value()
			switch {
			case ok && v < 0:
				t.Errorf("%s %s: %v", cfg, col, v)
			case cfg == "M1/Family" || cfg == "All":
				if ok {
					t.Errorf("%s %s: %v, want an empty cell", cfg, col, v)
				}
			case col == "input_tokens" && (!ok || v <= 0):
				t.Errorf("%s input_tokens: %v %v, want its total", cfg, v, ok)
			}
		}
		if v, ok := r.Cells[tb.Column("wall_hours")].Value(); (cfg == "M1/Family" || cfg == "All") && (!ok || v <= 0) {
			t.Errorf("%s wall_hours: %v %v, want its total", cfg, v, ok)
		}
	}
	notes := strings.Join(tb.Notes, "\n")
	// The mean and cost per success of an infinite total were left empty without a word.
	for _, r := range tb.Rows {
		if cfg := r.Cells[tb.Column("config")].Str(); cfg == "M1/Family" {
			for _, col := range []string{"mean_cost_usd", "cost_per_success_usd"} {
				if v, ok := r.Cells[tb.Column(col)].Value(); ok {
					t.Errorf("%s %s: %v, want an empty cell", cfg, col, v)
				}
			}
		}
	}
	for _, want := range []string{"cost_usd of M1/Family", "input_tokens of M1/Family", "output_tokens of M1/Family", "output_tokens of All",
		"mean_cost_usd of M1/Family", "cost_per_success_usd of M1/Family", "a mean or cost per success computed from such a total"} {
		if !strings.Contains(notes, want) {
			t.Errorf("notes lack %q:\n%s", want, notes)
		}
	}
	if strings.Contains(notes, "of M2/") {
		t.Errorf("notes name a configuration whose totals are printed:\n%s", notes)
	}
}
