package results

import (
	"fmt"
	"math"
	"strings"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/ingest"
)

// Rank confidence sets as table cells and notes: T2 and the policies table show each
// configuration's rank with its simultaneous set, "2 [1, 4]".

// rankSetCol is the column of ranks and their sets: "Rank [95% set]", or "Rank [no set]"
// under --resamples 0, which computes no set (its bounds are empty).
func rankSetCol(key string, level float64, resamples int) Column {
	set := rankLevelText(level) + " set"
	if resamples == 0 {
		set = "no set"
	}
	return Column{Key: key, Header: "Rank [" + set + "]", Kind: KindInterval, Decimals: 0}
}

// rankSetCell is configuration j's rank and its set; the bounds are empty when no set
// was computed, the cell when the configuration has no rank.
func rankSetCell(cr *analysis.ConfigRanks, j int) Cell {
	if cr == nil || j < 0 || cr.Rank[j] == 0 {
		return Empty()
	}
	if !cr.Has(j) {
		return Interval(float64(cr.Rank[j]), math.NaN(), math.NaN())
	}
	return Interval(float64(cr.Rank[j]), float64(cr.Sets[j].Lo), float64(cr.Sets[j].Hi))
}

// rankSetNote says how the sets were computed and, when there are any, which
// configurations the data cannot order.
func rankSetNote(r *analysis.Release, cr *analysis.ConfigRanks, o analysis.StatOptions) string {
	if o.Resamples == 0 {
		return rankSetMethod(r, cr.Level, o) + "."
	}
	return rankSetMethod(r, cr.Level, o) + "; " + rankSetResult(cr) + "."
}

// rankSetMethod describes the rank and its set; the resampled unit is the one the release's
// intervals name.
func rankSetMethod(r *analysis.Release, level float64, o analysis.StatOptions) string {
	// The rate ranked is the first rate column's: Authorized on a bench with action rules.
	by := "ECS"
	if r.OfficialTasks() {
		by = "Authorized"
	}
	if o.Resamples == 0 {
		return "Rank: competition rank by overall " + by + " (ties share the best rank). No rank sets (--resamples 0), so the bounds are empty"
	}
	unit := r.Intervals(o).Drawn()
	return fmt.Sprintf("Rank: competition rank by overall %s (ties share the best rank). Rank set: simultaneous %s confidence set for the rank (max-|t| procedure of Mogstad, Romano, Shaikh & Wilhelm 2024, two-sided, stepwise, as R's csranks) from %d %s resamples shared by every configuration",
		by, rankLevelText(level), o.Resamples, unit)
}

// rankSetResult says whether sets were computed, from how many replicates, and the tie
// groups.
func rankSetResult(cr *analysis.ConfigRanks) string {
	few := tooFewText(cr)
	if cr.Used == 0 {
		return few + "not computed (fewer than two units or no resamples), so the bounds are empty"
	}
	n := ""
	if cr.Used < cr.Requested {
		n = fmt.Sprintf("%d of %d replicates used (in the others some configuration had no episode); ", cr.Used, cr.Requested)
	}
	return few + n + tieGroupText(cr)
}

// tooFewText names the configurations without a set for want of units, with a trailing
// "; ", or is empty.
func tooFewText(cr *analysis.ConfigRanks) string {
	if len(cr.TooFew) == 0 {
		return ""
	}
	listed := ingest.ListedNames(cr.Configs, ",;") // joined by ", ", the note goes on after "; "
	names := make([]string, len(cr.TooFew))
	for i, j := range cr.TooFew {
		names[i] = listed[j]
	}
	return fmt.Sprintf("no set for %s (fewer than two resampled units of its own: its ECS never varies under resampling, which would make its place look certain), and every other set's upper bound counts it as possibly better; ", strings.Join(names, ", "))
}

// tieGroupText lists the tie groups of more than one configuration.
func tieGroupText(cr *analysis.ConfigRanks) string {
	var parts []string
	listed := ingest.ListedNames(cr.Configs, ",{};") // {a, b}; {c, d}
	for _, g := range cr.Groups {
		if len(g) < 2 {
			continue
		}
		names := make([]string, len(g))
		for i, j := range g {
			names[i] = listed[j]
		}
		parts = append(parts, "{"+strings.Join(names, ", ")+"}")
	}
	if len(cr.Configs) < 2 {
		return "one configuration, nothing to order"
	}
	if len(parts) == 0 && len(cr.TooFew) > 0 {
		return "the sets given are disjoint from each other, but the order against the configurations without one is not resolved"
	}
	if len(parts) == 0 {
		return "every rank set is disjoint from the others: the leaderboard order is resolved"
	}
	return "configurations with overlapping rank sets (tie groups, not ordered by the data): " + strings.Join(parts, "; ")
}

// rankLevelText prints a level as a percentage: 0.95 → "95%", 0.975 → "97.5%".
func rankLevelText(level float64) string {
	if level == 0 {
		level = 0.95
	}
	s := fmt.Sprintf("%.1f", level*100)
	return strings.TrimSuffix(s, ".0") + "%"
}

// appendRankSets adds a rank-set column to a table with one row per configuration (the
// text column configKey names it) and the note that explains it.
func appendRankSets(t *Table, r *analysis.Release, configKey string, cr *analysis.ConfigRanks, o analysis.StatOptions) {
	at := map[string]int{}
	for j, c := range cr.Configs {
		at[c] = j
	}
	col := t.Column(configKey)
	t.Columns = append(t.Columns, rankSetCol("rank", cr.Level, o.Resamples))
	for i := range t.Rows {
		j, ok := at[t.Rows[i].Cells[col].s]
		if !ok {
			j = -1
		}
		t.Rows[i].Cells = append(t.Rows[i].Cells, rankSetCell(cr, j))
	}
	t.Notes = append(t.Notes, rankSetNote(r, cr, o))
}
