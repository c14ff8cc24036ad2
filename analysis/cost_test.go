package analysis

import (
	"math"
	"testing"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/oracle"
)

// TestCosts: excluded episodes count (they were paid for), fields are totalled over the
// episodes that report them, and the cost per success needs every episode's cost.
func TestCosts(t *testing.T) {
	full := oracle.UsageCost | oracle.UsageInput | oracle.UsageOutput | oracle.UsageWall
	vs := []oracle.Verdict{
		oracle.Fields{Config: "a/x", Condition: "main", ECS: true, Usage: oracle.Usage{CostUSD: 0.5, InputTokens: 100, OutputTokens: 10, WallSeconds: 30, Known: full}}.Verdict(),
		oracle.Fields{Config: "a/x", Condition: "main", Usage: oracle.Usage{CostUSD: 0.25, InputTokens: 50, OutputTokens: 5, WallSeconds: 60, Known: full}}.Verdict(),
		oracle.Fields{Config: "a/x", Condition: "main", Excluded: true, ECS: true, Usage: oracle.Usage{CostUSD: 0.25, Known: oracle.UsageCost}}.Verdict(),
		oracle.Fields{Config: "b/y", Condition: "withheld", ECS: true, Usage: oracle.Usage{WallSeconds: 10, Known: oracle.UsageWall}}.Verdict(),
		// A static judgment is paid for but does not count in $ / main ECS success: its
		// success is a correct decision, not an ECS success; another condition's episode
		// does not either (configurations run different mixes of them).
		oracle.Fields{Config: "a/x", Condition: "withheld", ECS: true, Usage: oracle.Usage{CostUSD: 1, Known: oracle.UsageCost}}.Verdict(),
		oracle.Fields{Config: "a/x", Condition: "main", Static: true, Protocol: ingest.V1, ECS: true, Usage: oracle.Usage{CostUSD: 2, Known: oracle.UsageCost}}.Verdict(),
	}
	r := NewRelease(nil, nil, vs, oracle.Policy{})
	rows, total := r.Costs()
	if len(rows) != 2 || rows[0].Config != "a/x" || rows[1].Config != "b/y" {
		t.Fatalf("rows %+v", rows)
	}
	a := rows[0]
	if a.Episodes != 5 || a.MainEpisodes != 3 || a.MainSuccesses != 1 || !sumIs(a.Cost, 4, 5) || !sumIs(a.MainCost, 1, 3) || !sumIs(a.Input, 150, 2) || !sumIs(a.Wall, 90, 2) {
		t.Errorf("a/x: %+v", a)
	}
	if got := a.CostPerSuccess(); got != 1.0 {
		t.Errorf("a/x cost per success %v, want 1 (1.00 $ over 1 main success; the excluded success, the withheld episode and the static judgment do not count, nor do the last two's costs)", got)
	}
	if got := rows[1].CostPerSuccess(); !math.IsNaN(got) || !math.IsNaN(rows[1].Cost.Mean()) {
		t.Errorf("b/y reports no cost: per success %v, mean %v; want NaN", got, rows[1].Cost.Mean())
	}
	if total.Episodes != 6 || total.MainSuccesses != 1 || !sumIs(total.Wall, 100, 3) || total.Cost.Mean() != 4.0/5 {
		t.Errorf("total %+v", total)
	}
}

func sumIs(u UsageSum, sum float64, n int) bool { return u.Sum == sum && u.N == n }
