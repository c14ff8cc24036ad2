package analysis

import (
	"math"
	"slices"

	"github.com/sabench/sabench-stats/oracle"
)

// UsageSum totals one usage field over the episodes that reported it. Sum is the
// correctly rounded sum of the values (exactSum), so it does not depend on the order the
// episodes were read in: the same episodes from JSONL, Parquet or Inspect logs, or split
// into other files, give the same totals to the last digit.
type UsageSum struct {
	Sum   float64
	N     int // episodes that reported the field
	exact *exactSum
}

// Mean is Sum/N, NaN when no episode reported the field.
func (u UsageSum) Mean() float64 {
	if u.N == 0 {
		return math.NaN()
	}
	return u.Sum / float64(u.N)
}

func (u *UsageSum) add(x float64, known bool) {
	if known {
		if u.exact == nil {
			u.exact = &exactSum{}
		}
		u.Sum = u.exact.add(x)
		u.N++
	}
}

// CostRow is what one configuration's episodes consumed. Every episode read counts (every
// condition, excluded ones too: they were paid for); Successes are its ECS successes.
type CostRow struct {
	Config    string
	Episodes  int
	Successes int
	Cost      UsageSum // cost_usd
	Input     UsageSum // input_tokens
	Output    UsageSum // output_tokens
	Wall      UsageSum // wall_seconds
}

// CostPerSuccess is the total reported cost over the ECS successes, NaN when there are
// none or when some episode did not report its cost (the total would understate it).
func (c CostRow) CostPerSuccess() float64 {
	if c.Successes == 0 || c.Cost.N != c.Episodes {
		return math.NaN()
	}
	return c.Cost.Sum / float64(c.Successes)
}

func (c *CostRow) add(v *oracle.Verdict) {
	c.Episodes++
	if !v.Excluded() && v.ECS() {
		c.Successes++
	}
	u := v.Usage()
	c.Cost.add(u.CostUSD, u.Has(oracle.UsageCost))
	c.Input.add(u.InputTokens, u.Has(oracle.UsageInput))
	c.Output.add(u.OutputTokens, u.Has(oracle.UsageOutput))
	c.Wall.add(u.WallSeconds, u.Has(oracle.UsageWall))
}

// Costs is every configuration's usage, in the release's configuration order, and the
// total over all of them.
func (r *Release) Costs() (rows []CostRow, total CostRow) {
	return slices.Clone(r.costs), r.costTotal
}

// costsInOrder sums the usage over the verdicts in input order (NewRelease).
func (r *Release) costsInOrder() (rows []CostRow, total CostRow) {
	for _, c := range r.configs {
		rows = append(rows, CostRow{Config: c})
	}
	total.Config = "All"
	for i := range r.Verdicts {
		v := &r.Verdicts[i]
		rows[r.configOf(v)].add(v)
		total.add(v)
	}
	return rows, total
}
