package results

import (
	"fmt"
)

// The policy comparison tables: each reads every scored policy's release.

func buildPolicies(in *Input) (*Table, error) {
	res, err := in.Policies()
	if err != nil {
		return nil, err
	}
	base, o := res.Base, in.Stats
	t := &Table{ID: "policies", Title: "ECS under each authorization policy (%)"}
	iv := intervalsOf(t, base, o)
	t.Columns = []Column{textCol("policy", "Policy"), textCol("config", "Config"), pctCol("ecs", "ECS"),
		deltaCol("delta", iv.header("Δ vs "+base.Policy.Name)), countCol("rank", "Rank"), countCol("rank_base", "Rank ("+base.Policy.Name+")"),
		{Key: "rank_change", Header: "Rank change", Kind: KindNumber, Decimals: 0, Signed: true}}
	for _, row := range res.Rows {
		for j, c := range base.Configs() {
			t.AddGroupRow(row.Policy.Name, Text(row.Policy.Name), Text(c), rateCell(row.ECS[j]), iv.cell(t, row.Policy.Name+" "+c, "delta", row.Delta[j]),
				Count(int64(row.Ranks[j])), Count(int64(res.BaseRanks[j])), Number(res.BaseRanks[j]-row.Ranks[j]))
		}
	}
	t.Notes = append(t.Notes, "Same episodes re-scored under each policy; Δ paired over cases. Rank change > 0: the configuration moves up. Ranks are competition ranks by ECS (ties share the best rank: 1, 2, 2, 4), as in the policy_ranks figure.")
	iv.finish(t)
	for _, row := range res.Rows {
		t.Notes = append(t.Notes, row.Policy.String())
	}
	return t, nil
}

func buildPolicyRanks(in *Input) (*Table, error) {
	res, err := in.Policies()
	if err != nil {
		return nil, err
	}
	base := res.Base.Policy.Name
	t := &Table{ID: "policy_ranks", Title: "Leaderboard agreement with " + base}
	iv := intervalsOf(t, res.Base, in.Stats)
	t.Columns = []Column{textCol("policy", "Policy"), textCol("hash", "Settings hash"),
		{Key: "tau_b", Header: iv.header("Kendall τ-b"), Kind: KindInterval, Decimals: 3},
		{Key: "rho", Header: iv.header("Spearman ρ"), Kind: KindInterval, Decimals: 3},
		countCol("changed", "Configs whose rank changes"), countCol("lost", "Episodes passing "+base+" but failing"),
		{Key: "mean_gain", Header: "Mean Δ ECS", Kind: KindPercent, Decimals: 1, Signed: true}}
	for _, row := range res.Rows {
		t.AddRow(Text(row.Policy.Name), Text(row.Policy.Hash()), iv.cell(t, row.Policy.Name, "tau_b", row.Tau), iv.cell(t, row.Policy.Name, "rho", row.Rho),
			countCell(row.Changed), countCell(row.Lost), Number(row.MeanGain))
	}
	t.Notes = append(t.Notes, fmt.Sprintf("τ-b and ρ between each policy's leaderboard (overall ECS) and %s's; intervals resample the units below and recompute both leaderboards.", base),
		"Episodes passing the baseline but failing: 0 means the policy's success set contains the baseline's, episode by episode.")
	iv.finish(t)
	return t, nil
}

// buildPolicySettings lists every switch of each compared policy with its settings hash,
// so that every output names what was scored.
func buildPolicySettings(in *Input) (*Table, error) {
	t := &Table{ID: "policy_settings", Title: "Authorization policies compared",
		Columns: []Column{textCol("policy", "Policy"), textCol("binding", "Binding"), textCol("timing", "Timing"), textCol("coverage", "Coverage"),
			textCol("propagation", "Propagation"), textCol("order", "Order"), textCol("non_action", "Non-action"), textCol("hash", "Settings hash")}}
	for _, r := range in.Releases {
		p := r.Policy
		t.AddRow(Text(p.Name), Text(p.Binding), Text(p.Timing), Text(p.Coverage), Text(p.Propagation), Text(p.Order), Text(p.NonAction), Text(p.Hash()))
	}
	t.Notes = append(t.Notes, "The hash covers the six switches (not the name); DESIGN §4 defines each switch.")
	return t, nil
}
