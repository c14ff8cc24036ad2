package results

import (
	"fmt"
	"strings"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/bootstrap"
	"github.com/sabench/sabench-stats/ingest"
)

// Intervals is what a table of bootstrap intervals says about them: the options actually
// used (its headers and notes are built from the same spec, and the data forms carry it:
// ci_* columns in CSV, an "intervals" object in JSON) and every interval's caveats, which
// become notes and data fields instead of being dropped.
type Intervals struct {
	Spec     analysis.IntervalSpec
	Warnings []IntervalWarning
	// Units are how many units each interval cell resampled (cases, or clusters): a
	// table's cells differ (a protocol has fewer cases than all of them, a case set fewer
	// templates than the release), and the notes give the range.
	Units []IntervalUnits
}

// IntervalUnits is one interval cell's count of resampled units: its row (1-based),
// column key and row label.
type IntervalUnits struct {
	Row           int
	Column, Label string
	Units         int
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

// header labels an interval column with its level: "Δ ECS [90% CI]"; under --resamples 0,
// whose cells hold no interval ("[—, —]"), "Δ ECS [no CI]".
func (iv *Intervals) header(what string) string { return what + " [" + ciLabel(iv.Spec) + "]" }

// ciLabel is what an interval column's brackets hold: "95% CI", or "no CI" when no
// resample is drawn.
func ciLabel(s analysis.IntervalSpec) string {
	if s.Resamples == 0 {
		return "no CI"
	}
	return s.CI()
}

// cell is an interval cell of the row being built (the table's next row), recording the
// estimate's caveats under the row's label and the column's key.
func (iv *Intervals) cell(t *Table, label, key string, e analysis.Estimate) Cell {
	for _, w := range e.Warnings {
		iv.Warnings = append(iv.Warnings, IntervalWarning{Row: len(t.Rows) + 1, Column: key, Label: label, Warning: w})
	}
	if e.Units > 0 {
		iv.Units = append(iv.Units, IntervalUnits{Row: len(t.Rows) + 1, Column: key, Label: label, Units: e.Units})
	}
	return estCell(e)
}

// perCell says how many units the table's intervals resampled: "656 per interval", or
// the range "86 to 656 per interval" (each cell's count is in the data forms); "" when no
// cell recorded one.
func (iv *Intervals) perCell() string {
	if len(iv.Units) == 0 {
		return ""
	}
	lo, hi := iv.Units[0].Units, iv.Units[0].Units
	for _, u := range iv.Units[1:] {
		lo, hi = min(lo, u.Units), max(hi, u.Units)
	}
	if lo == hi {
		return fmt.Sprintf("%d per interval", lo)
	}
	return fmt.Sprintf("%d to %d per interval", lo, hi)
}

// maxCaveatCells is how many cells a caveat note names before it counts the rest.
const maxCaveatCells = 4

// notes are the interval sentence and one note per kind of caveat, in the kinds' order.
func (iv *Intervals) notes() []string {
	spec := iv.Spec
	spec.PerCell = iv.perCell()
	out := []string{spec.Sentence()}
	byKind := map[bootstrap.WarningKind][]IntervalWarning{}
	for _, w := range iv.Warnings {
		byKind[w.Kind] = append(byKind[w.Kind], w)
	}
	for k := bootstrap.WarnBCaFallback; k <= bootstrap.WarnOutOfRange; k++ {
		ws := byKind[k]
		if len(ws) == 0 {
			continue
		}
		// Quoted when any of the kind's labels needs it, named or counted.
		labels := make([]string, len(ws))
		for i := range labels {
			labels[i] = ws[i].Label
		}
		labels = ingest.ListedNames(labels, ";")
		var cells []string
		for i, w := range ws {
			if i == maxCaveatCells {
				cells = append(cells, fmt.Sprintf("and %d more", len(ws)-i))
				break
			}
			cells = append(cells, labels[i]+" "+w.Column)
		}
		out = append(out, fmt.Sprintf("Interval caveat %s (%s) in %s: %s%s.", k, caveatText(k, spec.Level), ingest.Plural(len(ws), "interval"), strings.Join(cells, "; "), caveatHint(k)))
	}
	return out
}

// caveatText says what a kind of caveat means, in a table note of intervals at level.
func caveatText(k bootstrap.WarningKind, level float64) string {
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
	case bootstrap.WarnSmallSample:
		return fmt.Sprintf("under %d units, where a nominal 95%% interval covered less than 0.93 in simulation, docs/coverage.md%s", bootstrap.SmallSampleUnits, bootstrap.SmallSampleAt(level))
	case bootstrap.WarnScoreInterval:
		return "a 0% or 100% rate: the Wilson score interval over its units"
	case bootstrap.WarnOutOfRange:
		return "a bound past 0% or 100% for a rate, ±100 points for a difference, as a basic interval can end; the percentile interval keeps to the range"
	}
	return k.String()
}

func caveatHint(k bootstrap.WarningKind) string {
	if k == bootstrap.WarnExtremeOrder || k == bootstrap.WarnExcludesEstimate {
		return " (use more --resamples)"
	}
	return ""
}

// finish records the bounds past their range (outOfRange) and appends the interval notes
// to the table's notes.
func (iv *Intervals) finish(t *Table) {
	iv.outOfRange(t)
	t.Notes = append(t.Notes, iv.notes()...)
}

// outOfRange records a caveat for each interval cell of a percentage column with a bound
// past what it can be: 0 to 1 for a rate, -1 to 1 for a signed difference.
func (iv *Intervals) outOfRange(t *Table) {
	col := map[string]int{}
	for j, c := range t.Columns {
		if c.Kind == KindPercentInterval {
			col[c.Key] = j
		}
	}
	for _, u := range iv.Units {
		j, ok := col[u.Column]
		if !ok || u.Row < 1 || u.Row > len(t.Rows) || j >= len(t.Rows[u.Row-1].Cells) {
			continue
		}
		c, floor := t.Rows[u.Row-1].Cells[j], 0.0
		if t.Columns[j].Signed {
			floor = -1
		}
		// A mean of rates can pass 1 by a rounding error, which is no caveat.
		const eps = 1e-9
		if c.Type() == CellInterval && (c.Lo() < floor-eps || c.Hi() > 1+eps) {
			iv.Warnings = append(iv.Warnings, IntervalWarning{Row: u.Row, Column: u.Column, Label: u.Label,
				Warning: bootstrap.Warning{Kind: bootstrap.WarnOutOfRange, Detail: fmt.Sprintf("the interval [%g, %g] passes [%g, 1]", c.Lo(), c.Hi(), floor)}})
		}
	}
}

// pCol is a p-value column.
func pCol(key, header string) Column {
	return Column{Key: key, Header: header, Kind: KindPValue, Decimals: 3}
}

// adjustedCol is the column of a family's adjusted p-values, named for the adjustment.
func adjustedCol(key string, o analysis.StatOptions) Column {
	return pCol(key, "p ("+o.Adjust.Label()+")")
}

// Why no test of a family ran, for familyNote: a bootstrap p needs resamples and an
// interval, McNemar's test a case both sides ran.
const (
	noBootstrapP = "no resamples, or no interval"
	noSharedCase = "no shared case"
)

// noRowsOr is why no test of a family ran in a table with a test per row: the reason why
// when it has rows, "it has no rows" when it has none (then no test was tried at all, and
// the table's empty note says why).
func noRowsOr(rows int, why string) string {
	if rows == 0 {
		return "it has no rows"
	}
	return why
}

// familyNote names an adjusted family: which tests, how many, which adjustment; none says
// why no test ran when none did.
func familyNote(o analysis.StatOptions, p []float64, family, none string) string {
	n := 0
	for _, x := range p {
		if x == x { // not NaN: a test that ran
			n++
		}
	}
	if n == 0 {
		return fmt.Sprintf("p (%s): no %s could be run in this table (%s), so there is nothing to adjust.", o.Adjust.Label(), family, none)
	}
	if n == 1 { // "the 1 Δ tests" would read as a family of several
		if o.Adjust == analysis.AdjustNone {
			return fmt.Sprintf("p (unadjusted): not adjusted for multiplicity (--adjust none); only one of the %s in this table ran.", family)
		}
		return fmt.Sprintf("p (%s): only one of the %s in this table ran, so its adjusted p is its p (--adjust holm|bh|none).", o.Adjust.Label(), family)
	}
	switch o.Adjust {
	case analysis.AdjustNone:
		return fmt.Sprintf("p (unadjusted): not adjusted for multiplicity (--adjust none): of the %d %s in this table, about α·%d reject at level α by chance alone.", n, family, n)
	case analysis.AdjustBH:
		return fmt.Sprintf("p (BH): Benjamini–Hochberg-adjusted (false discovery rate) over the family of the %d %s in this table (--adjust holm|bh|none).", n, family)
	}
	return fmt.Sprintf("p (Holm): Holm-adjusted (family-wise error) over the family of the %d %s in this table (--adjust holm|bh|none).", n, family)
}

// drawnOnly is s when the options draw resamples, else "": a note that describes what an
// interval resamples is false when --resamples 0 draws none.
func drawnOnly(o analysis.StatOptions, s string) string {
	if o.Resamples == 0 {
		return ""
	}
	return s
}
