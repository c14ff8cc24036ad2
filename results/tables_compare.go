package results

import (
	"fmt"
	"math"
	"strings"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/ingest"
)

// BuildComparesEach is BuildCompare for each release (one per policy) with its scopes
// (analysis.CompareEach), ids as EachPolicy gives them.
func BuildComparesEach(rels []*analysis.Release, s analysis.CompareSpec, scopes [][]analysis.CompareScope, o analysis.StatOptions) ([]*Table, error) {
	return EachPolicy(rels, func(i int, r *analysis.Release) (*Table, error) { return BuildCompare(r, s, scopes[i], o) })
}

// BuildCompare is the `compare` command's table for one policy's release. It resolves s in
// r first (CompareSpec.Resolve), as the command does, so that a spec built by hand names
// the condition and configurations it compared, and is refused with Resolve's error
// where it names what r does not hold.
func BuildCompare(r *analysis.Release, s analysis.CompareSpec, scopes []analysis.CompareScope, o analysis.StatOptions) (*Table, error) {
	if err := s.Resolve(r); err != nil {
		return nil, fmt.Errorf("compare: %w", err)
	}
	pct := ciLabel(analysis.IntervalSpec{Level: o.Level, Resamples: o.Resamples})
	// The rate compared, named as T2 names it (the data keys stay ecs_a, ecs_b).
	success := "ECS"
	if r.OfficialTasks() {
		success = "Authorized"
	}
	clusters := analysis.ClustersShown(scopes, o)
	delta := "Δ A − B [" + pct + ", cases]"
	if o.Resamples == 0 {
		delta = "Δ A − B [" + pct + "]" // nothing resampled
	}
	cols := []Column{textCol("scope", "Protocols"), countCol("cases", "Shared cases"),
		countCol("n_a", "Episodes A"), countCol("n_b", "Episodes B"), pctCol("ecs_a", success+" A"), pctCol("ecs_b", success+" B"),
		deltaCol("delta", delta)}
	if clusters {
		cols = append(cols, deltaCol("delta_clustered", "Δ A − B ["+pct+", clusters]"), countCol("clusters", "Clusters"))
	}
	cols = append(cols, countCol("only_a", "Cases only A passes"), countCol("only_b", "Cases only B passes"),
		pCol("mcnemar_p", "McNemar p"), adjustedCol("mcnemar_p_adj", o))
	t := &Table{ID: "compare", Title: "Paired comparison " + s.Title(), Columns: cols}
	// The family: the per-protocol rows (the overall row pools them and is not in it).
	ps := make([]float64, len(scopes))
	for i, x := range scopes {
		ps[i] = math.NaN()
		if i > 0 || len(scopes) == 1 {
			ps[i] = x.P
		}
	}
	adj := o.Adjust.Apply(ps)
	family := "per-protocol McNemar tests (the rows after All)"
	if len(scopes) == 1 {
		family = "McNemar test (the only row)"
	}
	// Both Δ columns keep their caveats (an estCell dropped them, and an empty interval
	// had no reason); the units are columns here (shared cases, clusters).
	o.Clustered = false
	iv := intervalsOf(t, r, o)
	for i, x := range scopes {
		row := []Cell{Text(x.Label), countCell(x.Shared), countCell(x.ECSA.Den), countCell(x.ECSB.Den), rateCell(x.ECSA), rateCell(x.ECSB),
			iv.cell(t, x.Label, "delta", x.Delta)}
		if clusters {
			row = append(row, iv.cell(t, x.Label, "delta_clustered", x.DeltaClustered), countCell(x.DeltaClustered.Units))
		}
		t.AddRow(append(row, countCell(x.OnlyA), countCell(x.OnlyB), PValue(x.P), PValue(adj[i]))...)
	}
	iv.Units = nil
	what := fmt.Sprintf("A = %s, B = %s, condition %s", s.A, s.B, s.Condition)
	if s.Conditions {
		what = fmt.Sprintf("A = condition %s, B = condition %s, configuration %s", s.A, s.B, s.Config)
	}
	t.Notes = append(t.Notes,
		what+"; scored interactive episodes on the cases both sides ran ("+success+" pools their repeats).",
		compareIntervals(r, o, clusters))
	t.Notes = append(t.Notes, iv.notes()[1:]...) // the caveats; the sentence is compareIntervals'
	t.Notes = append(t.Notes,
		"Cases only A / only B passes: case-level majority vote (a strict majority of a case's repeats succeed); McNemar exact two-sided p on those counts.")
	if len(scopes) > 0 {
		t.Notes = append(t.Notes, evenRepeatsNote(scopes[0])...)
	}
	if n := missingRowsNote(r, s, scopes); n != "" {
		t.Notes = append(t.Notes, n)
	}
	t.Notes = append(t.Notes, familyNote(o, ps, family, noSharedCase), policyNote(r))
	return t, nil
}

// missingRowsNote names the protocols asked for (all the release's cases have, without
// --protocol) that have no row because an arm has no episodes of them.
func missingRowsNote(r *analysis.Release, s analysis.CompareSpec, scopes []analysis.CompareScope) string {
	asked := map[ingest.Protocol]bool{}
	for _, p := range s.Protocols {
		asked[p] = true
	}
	if len(s.Protocols) == 0 {
		for _, c := range r.Cases {
			asked[c.Protocol] = true
		}
	}
	row := map[string]bool{}
	for _, x := range scopes {
		row[x.Label] = true
	}
	var missing []ingest.Protocol
	for p := ingest.Legacy; p < ingest.NumProtocols; p++ {
		if asked[p] && !row[p.Label()] {
			missing = append(missing, p)
		}
	}
	// A protocol asked for with --protocol may be one the bench has no case of.
	absent, unrun := benchProtocols(r, missing)
	var parts []string
	if len(absent) > 0 {
		parts = append(parts, "No row for "+ingest.JoinLabels(absent, ", ")+": "+lacksAll(r, absent)+".")
	}
	if len(unrun) > 0 {
		parts = append(parts, "No row for "+ingest.JoinLabels(unrun, ", ")+": A or B has no scored episodes of those protocols.")
	}
	return strings.Join(parts, " ")
}

// evenRepeatsNote says when an arm's cases mostly have an even number of repeats: a case
// whose repeats split evenly has no strict majority and fails, so the only-A and only-B
// counts, and McNemar's p, lean to the other arm, while Δ, which pools the repeats, does
// not. An arm with an odd number (the built-in release's 1 and 3) has no ties but from
// excluded episodes, and no note.
func evenRepeatsNote(all analysis.CompareScope) []string {
	var parts []string
	for _, x := range []struct {
		arm         string
		usual, ties int
	}{{"A", all.UsualA, all.TiesA}, {"B", all.UsualB, all.TiesB}} {
		if x.usual > 0 && x.usual%2 == 0 {
			parts = append(parts, fmt.Sprintf("%s's shared cases mostly have %d repeats (a majority is %d of %d), and %d of the %d split evenly and count as failing",
				x.arm, x.usual, x.usual/2+1, x.usual, x.ties, all.Shared))
		}
	}
	if len(parts) == 0 {
		return nil
	}
	return []string{"Ties: " + strings.Join(parts, "; ") + ". The only-A and only-B counts and McNemar's p lean to the other arm by those cases; Δ pools the repeats and does not."}
}

// compareIntervals is the interval sentence of the compare table: the same options
// resample cases (one column) and clusters (the other).
func compareIntervals(r *analysis.Release, o analysis.StatOptions, clusters bool) string {
	o.Clustered = false
	spec := r.Intervals(o)
	if o.Resamples == 0 {
		return spec.Sentence()
	}
	o.Clustered = true
	clustered := r.Intervals(o)
	if !clusters {
		return spec.Sentence() + " Each of the shared cases is its own cluster (in the whole release: " + clustered.Rule + "), so no clusters interval is shown: it would resample the cases again; both arms use the same draw."
	}
	return spec.Sentence() + " The clusters column resamples " + clustered.Unit + " (in the whole release: " + clustered.Rule + "; each row resamples those of its cases, the Clusters column); both arms use the same draw."
}
