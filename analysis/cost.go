package analysis

import (
	"math"
	"slices"

	"github.com/sabench/sabench-stats/ingest"
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
// condition, excluded ones too: they were paid for). The cost per success is taken over
// the main condition's interactive episodes (excluded ones too; Main*) and their ECS
// successes, the episodes T2 scores: configurations run different mixes of the other
// conditions (interventions, strategies), and over every condition their costs per
// success compared different kinds of episode; a static judgment's success is a correct
// decision, not an ECS success.
type CostRow struct {
	Config        string
	Episodes      int
	MainEpisodes  int
	MainSuccesses int
	Cost          UsageSum // cost_usd
	MainCost      UsageSum // cost_usd of the main condition's interactive episodes
	Input         UsageSum // input_tokens
	Output        UsageSum // output_tokens
	Wall          UsageSum // wall_seconds
}

// CostPerSuccess is the main condition's interactive episodes' reported cost over their
// ECS successes, NaN
// when there are none or when some of them did not report a cost (the total would
// understate it).
func (c CostRow) CostPerSuccess() float64 {
	if c.MainSuccesses == 0 || c.MainCost.N != c.MainEpisodes {
		return math.NaN()
	}
	return c.MainCost.Sum / float64(c.MainSuccesses)
}

func (c *CostRow) add(v *Record, u oracle.Usage) {
	c.Episodes++
	if !isStaticJudgment(v) && v.Condition() == ingest.DefaultCondition {
		c.MainEpisodes++
		if !v.Excluded() && v.ECS() {
			c.MainSuccesses++
		}
		c.MainCost.add(u.CostUSD, u.Has(oracle.UsageCost))
	}
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

// costSums sums the usage as the verdicts arrive, in input order, since records keep no
// usage: a row per configuration in order of first appearance (the release's order).
type costSums struct {
	pos   []int32 // by Record.ConfigKey: the row, +1 (0: none yet)
	rows  []CostRow
	total CostRow
}

func (c *costSums) add(v *Record, u oracle.Usage) {
	k := int(v.ConfigKey())
	if k >= len(c.pos) || c.pos[k] == 0 {
		c.rows = append(c.rows, CostRow{Config: v.Config()})
		c.pos = setAt(c.pos, k, int32(len(c.rows)))
	}
	c.rows[c.pos[k]-1].add(v, u)
	c.total.add(v, u)
}
