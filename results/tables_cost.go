package results

import (
	"fmt"
	"math"
	"strings"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/ingest"
)

// buildCost is the cost table: per configuration, what its episodes consumed as their
// usage objects report it, and the cost per ECS success in the main condition.
func buildCost(in *Input) (*Table, error) {
	r := in.Main()
	rows, total := r.Costs()
	// The success counted is T2's: authorized success on a bench of action rules.
	per, kind := "$ / main ECS success", "ECS"
	if r.OfficialTasks() {
		per, kind = "$ / main authorized success", "authorized"
	}
	t := &Table{ID: "cost", Title: "Cost: episodes, spend, tokens and wall time per configuration",
		Columns: []Column{textCol("config", "Config"), countCol("episodes", "Episodes"), countCol("with_cost", "With cost"),
			numCol("cost_usd", "Cost $", 2), numCol("mean_cost_usd", "Mean $", 4), countCol("input_tokens", "Input tokens"),
			countCol("output_tokens", "Output tokens"), numCol("wall_hours", "Wall h", 1), numCol("mean_wall_seconds", "Mean wall s", 1),
			numCol("cost_per_success_usd", per, 4)}}
	models := r.ModelOf()
	var beyond []string // "input_tokens of CONFIG": totals no cell can hold
	add := func(group string, c analysis.CostRow) {
		cell := func(key string, u analysis.UsageSum, x Cell) Cell {
			if u.N > 0 && !usablePrinted(key, u.Sum) {
				beyond = append(beyond, key+" of "+c.Config)
				return Empty()
			}
			return x
		}
		// A mean or a cost per success computed from a total left empty is no number
		// either: empty, and named in the total's note, which named the total alone.
		fromTotal := func(col, key string, u analysis.UsageSum, x float64) Cell {
			if !finite(x) && u.N > 0 && !usablePrinted(key, u.Sum) {
				beyond = append(beyond, col+" of "+c.Config)
			}
			return Number(x)
		}
		t.AddGroupRow(group, Text(c.Config), countCell(c.Episodes), countCell(c.Cost.N),
			cell("cost_usd", c.Cost, sumCell(c.Cost, c.Cost.Sum)), fromTotal("mean_cost_usd", "cost_usd", c.Cost, c.Cost.Mean()),
			cell("input_tokens", c.Input, tokenCell(c.Input)), cell("output_tokens", c.Output, tokenCell(c.Output)),
			cell("wall_seconds", c.Wall, sumCell(c.Wall, c.Wall.Sum/3600)), fromTotal("mean_wall_seconds", "wall_seconds", c.Wall, c.Wall.Mean()),
			fromTotal("cost_per_success_usd", "cost_usd", c.MainCost, c.CostPerSuccess()))
	}
	reported := total.Cost.N + total.Input.N + total.Output.N + total.Wall.N
	for _, c := range rows {
		add(models[c.Config], c)
	}
	if len(rows) > 0 {
		add("total", total)
	}
	// A duplicate --dedupe dropped is read (coverage counts it) but its usage is not: the
	// copy kept stands for the run.
	counted := "Every episode read counts"
	if n := droppedDuplicates(in); n > 0 {
		counted = fmt.Sprintf("Every episode read but the %s --dedupe dropped counts (the copy kept counts once)", ingest.Plural(n, "duplicate"))
	}
	t.Notes = append(t.Notes,
		counted+", in every condition, excluded ones too (they were run and paid for); totals and means are over the episodes whose usage reports the field.",
		fmt.Sprintf("%s: the cost of the configuration's main-condition episodes (excluded ones too) over their %s successes (%d in all), the episodes T2 scores, so that configurations that also ran other conditions are compared on the same kind of episode%s. Empty without such a success, or unless each of those episodes reports its cost.", per, kind, total.MainSuccesses, staticLeftOut(r)))
	var noMain []string
	for _, c := range rows {
		if c.MainEpisodes == 0 {
			noMain = append(noMain, c.Config)
		}
	}
	t.Notes = append(t.Notes, leftOutNote(noMain, per, "no episode in the main condition")...)
	if len(beyond) > 0 {
		t.Notes = append(t.Notes, fmt.Sprintf("Left empty, the total beyond what a number holds exactly (a token count at or above 2^53 = 9,007,199,254,740,992, a cost or wall time beyond the largest float), and a mean or cost per success computed from such a total: %s. Usage numbers that large are no measurement: check those episodes' usage objects.", strings.Join(beyond, ", ")))
	}
	if len(rows) > 0 && reported == 0 {
		t.Notes = append(t.Notes, "No episode carries a usage object with cost_usd, input_tokens, output_tokens or wall_seconds: every cell but the counts is empty.")
	}
	return emptyBecause(t, "no episodes"), nil
}

// sumCell is a total, empty when no episode reported the field (a 0 would claim a cost).
func sumCell(u analysis.UsageSum, x float64) Cell {
	if u.N == 0 {
		return Empty()
	}
	return Number(x)
}

// maxExactTokens is 2^53: a float64 holds every integer below it, so a token total at or
// above it is not the sum of the counts to the token (and beyond 2^63 no Count cell holds
// it: it printed -9223372036854775808).
const maxExactTokens = 1 << 53

// usablePrinted reports whether the total sum of the usage field key can be printed as
// the field's total: a token count below 2^53, a cost or time that is finite.
func usablePrinted(key string, sum float64) bool {
	if strings.HasSuffix(key, "_tokens") {
		return sum > -maxExactTokens && sum < maxExactTokens
	}
	return !math.IsInf(sum, 0) && !math.IsNaN(sum)
}

func tokenCell(u analysis.UsageSum) Cell {
	if u.N == 0 {
		return Empty()
	}
	return Count(int64(u.Sum))
}

// staticLeftOut is the cost note's clause on static judgments, for a bench that has them
// (a benchmark's tasks, τ-bench's, have none). A Legacy episode is a static judgment too,
// and T2 scores it: it counts, and the clause said every static judgment was left out.
func staticLeftOut(r *analysis.Release) string {
	if r.OfficialTasks() {
		return ""
	}
	return "; Legacy decisions count, as in T2, and static judgments of V0–V3 cases (those T9 and T10 read), whose success is a correct decision, are left out of both"
}

// droppedDuplicates counts the duplicates a dedupe policy dropped (the coverage table
// counts each as read and excluded).
func droppedDuplicates(in *Input) int {
	n := 0
	for _, p := range in.Dropped {
		if p.Dropped != nil {
			n++
		}
	}
	return n
}
