package results

import (
	"fmt"

	"github.com/sabench/sabench-stats/analysis"
)

// BuildCompare is the `compare` command's table for one policy's release.
func BuildCompare(r *analysis.Release, s analysis.CompareSpec, scopes []analysis.CompareScope, o analysis.StatOptions) *Table {
	pct := fmt.Sprintf("%g%%", o.Level*100)
	t := &Table{ID: "compare", Title: "Paired comparison " + s.Title(),
		Columns: []Column{textCol("scope", "Protocols"), countCol("cases", "Shared cases"),
			countCol("n_a", "Episodes A"), countCol("n_b", "Episodes B"), pctCol("ecs_a", "ECS A"), pctCol("ecs_b", "ECS B"),
			deltaCol("delta", "Δ A − B ["+pct+" CI, cases]"), deltaCol("delta_clustered", "Δ A − B ["+pct+" CI, clusters]"),
			countCol("clusters", "Clusters"), countCol("only_a", "Cases only A passes"), countCol("only_b", "Cases only B passes"),
			numCol("mcnemar_p", "McNemar p", 4)}}
	for _, x := range scopes {
		t.AddRow(Text(x.Label), countCell(x.Shared), countCell(x.ECSA.Den), countCell(x.ECSB.Den), rateCell(x.ECSA), rateCell(x.ECSB),
			estCell(x.Delta), estCell(x.DeltaClustered), countCell(x.DeltaClustered.Units), countCell(x.OnlyA), countCell(x.OnlyB), Number(x.P))
	}
	what := fmt.Sprintf("A = %s, B = %s, condition %s", s.A, s.B, s.Condition)
	if s.Conditions {
		what = fmt.Sprintf("A = condition %s, B = condition %s, configuration %s", s.A, s.B, s.Config)
	}
	t.Notes = append(t.Notes,
		what+"; scored interactive episodes on the cases both sides ran (ECS pools their repeats).",
		fmt.Sprintf("Δ intervals: %d bootstrap resamples (seed %d, %s) resampling cases, and resampling template clusters; both arms use the same draw.", o.Resamples, o.Seed, o.Method),
		"Cases only A / only B passes: case-level majority vote (a strict majority of a case's repeats succeed); McNemar exact two-sided p on those counts.",
		policyNote(r))
	return t
}
