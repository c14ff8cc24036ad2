package results_test

import (
	"math"
	"math/big"
	"strings"
	"sync"
	"testing"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/ingest/casespec"
	"github.com/sabench/sabench-stats/oracle"
)

// FuzzCostTotals gives the episodes of one configuration two fuzzed usage objects in
// turn: every number of the cost table is finite or empty; a token total printed is the
// exact sum of the counts (below 2^53; within a token when they have fractions), a cost
// total the correctly rounded sum; a total left empty is named in a note by its column and configuration.
func FuzzCostTotals(f *testing.F) {
	f.Add(0.25, 1.5, 1000.0, 2000.0, 10.0, 20.0, 30.5, 40.5)
	f.Add(1e308, 1e308, 1e308, 1.0, math.Ldexp(1, 63)+5, 1.0, 10.0, 1e308)
	f.Add(0.1, 0.2, math.Ldexp(1, 52), math.Ldexp(1, 52)-1, -3.0, 3.0, 5e-324, -5e-324)
	f.Add(-1e308, 1e308, -math.Ldexp(1, 53), 1.0, 0.7, 0.7, 1e-300, 0.0)
	var once sync.Once
	var cases []*casespec.Case
	var sets map[string][]string
	var all []oracle.Verdict
	f.Fuzz(func(t *testing.T, c1, c2, i1, i2, o1, o2, w1, w2 float64) {
		for _, x := range []float64{c1, c2, i1, i2, o1, o2, w1, w2} {
			if math.IsNaN(x) || math.IsInf(x, 0) {
				return // no usage object holds one: ingest refuses it
			}
		}
		once.Do(func() { cases, sets, all = fixtureVerdicts(t) })
		const cfg = "M1/Family"
		exact := map[string]*big.Float{}
		for _, k := range []string{"cost_usd", "input_tokens", "output_tokens", "wall_seconds"} {
			exact[k] = new(big.Float).SetPrec(4096)
		}
		var vs []oracle.Verdict
		n := 0
		for _, v := range all {
			fl := v.Fields()
			fl.Usage = oracle.Usage{}
			if fl.Config == cfg {
				u := [2][4]float64{{c1, i1, o1, w1}, {c2, i2, o2, w2}}[n%2]
				n++
				fl.Usage = oracle.Usage{CostUSD: u[0], InputTokens: u[1], OutputTokens: u[2], WallSeconds: u[3],
					Known: oracle.UsageCost | oracle.UsageInput | oracle.UsageOutput | oracle.UsageWall}
				for k, key := range []string{"cost_usd", "input_tokens", "output_tokens", "wall_seconds"} {
					exact[key].Add(exact[key], new(big.Float).SetFloat64(u[k]))
				}
			}
			vs = append(vs, fl.Verdict())
		}
		tb := buildOne(t, analysis.NewRelease(cases, sets, vs, oracle.SafeAct), "cost", goldenStats())
		notes := strings.Join(tb.Notes, "\n")
		for _, r := range tb.Rows {
			if name := r.Cells[tb.Column("config")].Str(); name != cfg {
				continue
			}
			for j, col := range tb.Columns {
				if v, ok := r.Cells[j].Value(); ok && (math.IsInf(v, 0) || math.IsNaN(v)) {
					t.Fatalf("%s: %v", col.Key, v)
				}
			}
			for _, key := range []string{"cost_usd", "input_tokens", "output_tokens"} {
				v, ok := r.Cells[tb.Column(key)].Value()
				if !ok {
					if !strings.Contains(notes, key+" of "+cfg) {
						t.Fatalf("%s left empty, which no note says:\n%s", key, notes)
					}
					continue
				}
				want, _ := exact[key].Float64()
				if key != "cost_usd" {
					// Token counts are whole numbers; a fractional one (no runner writes
					// it) is summed as a float and the total's fraction dropped, so the
					// cell is within one token of the exact sum.
					d, _ := new(big.Float).Sub(exact[key], new(big.Float).SetFloat64(v)).Float64()
					if math.Abs(want) >= math.Ldexp(1, 53) || math.Abs(d) >= 1 || v != math.Trunc(v) {
						t.Fatalf("%s printed %v, the counts sum to %s", key, v, exact[key].Text('g', 30))
					}
				} else if v != want {
					t.Fatalf("%s printed %v, the costs sum to %s", key, v, exact[key].Text('g', 30))
				}
			}
		}
	})
}
