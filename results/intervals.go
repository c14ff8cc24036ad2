package results

import (
	"fmt"
	"strings"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/bootstrap"
)

// Intervals is what a table of bootstrap intervals says about them: the options actually
// used (its headers and notes are built from the same spec, and the data forms carry it:
// ci_* columns in CSV, an "intervals" object in JSON) and every interval's caveats, which
// become notes and data fields instead of being dropped.
type Intervals struct {
	Spec     analysis.IntervalSpec
	Warnings []IntervalWarning
}

// IntervalWarning is one caveat of one interval cell: its row (1-based), column key and
// row label.
type IntervalWarning struct {
	Row           int
	Column, Label string
	bootstrap.Warning
}

// intervalsOf starts a table's interval description from the options and release used.
func intervalsOf(t *Table, r *analysis.Release, o analysis.StatOptions) *Intervals {
	t.Intervals = &Intervals{Spec: r.Intervals(o)}
	return t.Intervals
}

// header labels an interval column with its level: "Δ ECS [90% CI]".
func (iv *Intervals) header(what string) string { return what + " [" + iv.Spec.CI() + "]" }

// cell is an interval cell of the row being built (the table's next row), recording the
// estimate's caveats under the row's label and the column's key.
func (iv *Intervals) cell(t *Table, label, key string, e analysis.Estimate) Cell {
	for _, w := range e.Warnings {
		iv.Warnings = append(iv.Warnings, IntervalWarning{Row: len(t.Rows) + 1, Column: key, Label: label, Warning: w})
	}
	return estCell(e)
}

// maxCaveatCells is how many cells a caveat note names before it counts the rest.
const maxCaveatCells = 4

// notes are the interval sentence and one note per kind of caveat, in the kinds' order.
func (iv *Intervals) notes() []string {
	out := []string{iv.Spec.Sentence()}
	byKind := map[bootstrap.WarningKind][]IntervalWarning{}
	for _, w := range iv.Warnings {
		byKind[w.Kind] = append(byKind[w.Kind], w)
	}
	for k := bootstrap.WarnBCaFallback; k <= bootstrap.WarnNoReplicates; k++ {
		ws := byKind[k]
		if len(ws) == 0 {
			continue
		}
		var cells []string
		for i, w := range ws {
			if i == maxCaveatCells {
				cells = append(cells, fmt.Sprintf("and %d more", len(ws)-i))
				break
			}
			cells = append(cells, w.Label+" "+w.Column)
		}
		out = append(out, fmt.Sprintf("Interval caveat %s (%s) in %d interval(s): %s%s.", k, caveatText(k), len(ws), strings.Join(cells, "; "), caveatHint(k)))
	}
	return out
}

// caveatText says what a kind of caveat means, in a table note.
func caveatText(k bootstrap.WarningKind) string {
	switch k {
	case bootstrap.WarnBCaFallback:
		return "BCa undefined, the percentile interval is shown"
	case bootstrap.WarnDegenerate:
		return "every resample gives the same value: no interval, shown empty"
	case bootstrap.WarnExtremeOrder:
		return "an endpoint is an extreme order statistic of the resamples"
	case bootstrap.WarnExcludesEstimate:
		return "the interval excludes its own estimate"
	case bootstrap.WarnSingleUnit:
		return "one resampled unit, no interval"
	case bootstrap.WarnNonFinite:
		return "resamples without a value were left out"
	case bootstrap.WarnNoReplicates:
		return "no resample had a value, no interval"
	}
	return k.String()
}

func caveatHint(k bootstrap.WarningKind) string {
	if k == bootstrap.WarnExtremeOrder || k == bootstrap.WarnExcludesEstimate {
		return " (use more --resamples)"
	}
	return ""
}

// finish appends the interval notes to the table's notes.
func (iv *Intervals) finish(t *Table) { t.Notes = append(t.Notes, iv.notes()...) }

// pCol is a p-value column.
func pCol(key, header string) Column {
	return Column{Key: key, Header: header, Kind: KindPValue, Decimals: 3}
}

// adjustedCol is the column of a family's adjusted p-values, named for the adjustment.
func adjustedCol(key string, o analysis.StatOptions) Column {
	return pCol(key, "p ("+o.Adjust.Label()+")")
}

// familyNote names an adjusted family: which tests, how many, which adjustment.
func familyNote(o analysis.StatOptions, p []float64, family string) string {
	n := 0
	for _, x := range p {
		if x == x { // not NaN: a test that ran
			n++
		}
	}
	how := "Holm-adjusted (family-wise error)"
	if o.Adjust == analysis.AdjustBH {
		how = "Benjamini–Hochberg-adjusted (false discovery rate)"
	}
	return fmt.Sprintf("p (%s): %s over the family of the %d %s in this table (--adjust holm|bh).", o.Adjust.Label(), how, n, family)
}
