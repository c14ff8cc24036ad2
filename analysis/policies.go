package analysis

import (
	"fmt"
	"math"
	"sort"

	"github.com/sabench/sabench-stats/bootstrap"
	"github.com/sabench/sabench-stats/oracle"
	"github.com/sabench/sabench-stats/results"
)

// PolicyComparison compares leaderboards of the same episodes scored under several
// policies against a baseline policy (safeact). Only main-condition episodes are compared;
// every release must hold them in the same order.
type PolicyComparison struct {
	Base     *Release
	Releases []*Release
}

// leaderboard is one configuration's overall ECS under one policy.
type leaderboard struct {
	ecs   []Rate
	ranks []float64
}

func (pc *PolicyComparison) board(r *Release) leaderboard {
	main := r.mainVerdicts()
	lb := leaderboard{ecs: make([]Rate, len(pc.Base.configs))}
	idx := map[string]int{}
	for i, c := range pc.Base.configs {
		idx[c] = i
	}
	for i := range main {
		if j, ok := idx[main[i].Config]; ok {
			lb.ecs[j].Add(main[i].ECS)
		}
	}
	lb.ranks = competitionRanks(lb.ecs)
	return lb
}

// competitionRanks ranks by ECS, best first; ties share the best rank ("1, 2, 2, 4").
func competitionRanks(ecs []Rate) []float64 {
	order := make([]int, len(ecs))
	for i := range order {
		order[i] = i
	}
	val := func(i int) float64 {
		v := ecs[i].Value()
		if math.IsNaN(v) {
			return -1
		}
		return v
	}
	sort.SliceStable(order, func(a, b int) bool { return val(order[a]) > val(order[b]) })
	ranks := make([]float64, len(ecs))
	for pos, i := range order {
		if pos > 0 && val(i) == val(order[pos-1]) {
			ranks[i] = ranks[order[pos-1]]
		} else {
			ranks[i] = float64(pos + 1)
		}
	}
	return ranks
}

// Tables returns the per-configuration table ("policies") and the leaderboard-agreement
// table ("policy_ranks").
func (pc *PolicyComparison) Tables(o StatOptions) ([]*results.Table, error) {
	base := pc.Base
	bb := pc.board(base)
	per := &results.Table{ID: "policies", Title: "ECS under each authorization policy (%)",
		Columns: []results.Column{textCol("policy", "Policy"), textCol("config", "Config"), pctCol("ecs", "ECS"),
			deltaCol("delta", "Δ vs "+base.Policy.Name+" [95% CI]"), countCol("rank", "Rank"), countCol("rank_base", "Rank ("+base.Policy.Name+")"),
			{Key: "rank_change", Header: "Rank change", Kind: results.KindNumber, Decimals: 0, Signed: true}}}
	agree := &results.Table{ID: "policy_ranks", Title: "Leaderboard agreement with " + base.Policy.Name,
		Columns: []results.Column{textCol("policy", "Policy"), textCol("hash", "Settings hash"),
			{Key: "tau_b", Header: "Kendall τ-b [95% CI]", Kind: results.KindInterval, Decimals: 3},
			{Key: "rho", Header: "Spearman ρ [95% CI]", Kind: results.KindInterval, Decimals: 3},
			countCol("changed", "Configs whose rank changes"), countCol("lost", "Episodes passing "+base.Policy.Name+" but failing"),
			{Key: "mean_gain", Header: "Mean Δ ECS", Kind: results.KindPercent, Decimals: 1, Signed: true}}}
	units, index := pc.unitIndex(o)
	// Intervals are keyed by the settings hash, not the name: policies with the same
	// settings (tau-bench, appworld) have the same verdicts and so the same intervals,
	// computed once. The baseline against itself is exactly 0 [0, 0] and 1 [1, 1].
	byHash := map[string]*policyIntervals{}
	for _, r := range pc.Releases {
		iv := byHash[r.Policy.Hash()]
		if iv == nil {
			var err error
			if iv, err = pc.intervals(r, units, index, o); err != nil {
				return nil, err
			}
			byHash[r.Policy.Hash()] = iv
		}
		lb := pc.board(r)
		changed := 0
		gain := 0.0
		for j, c := range base.configs {
			if lb.ranks[j] != bb.ranks[j] {
				changed++
			}
			gain += lb.ecs[j].Value() - bb.ecs[j].Value()
			per.AddGroupRow(r.Policy.Name, results.Text(r.Policy.Name), results.Text(c), rateCell(lb.ecs[j]), estCell(iv.deltas[j]),
				results.Count(int64(lb.ranks[j])), results.Count(int64(bb.ranks[j])), results.Number(bb.ranks[j]-lb.ranks[j]))
		}
		agree.AddRow(results.Text(r.Policy.Name), results.Text(r.Policy.Hash()), estCell(iv.tau), estCell(iv.rho),
			results.Count(int64(changed)), results.Count(int64(lostSuccesses(base.mainVerdicts(), r.mainVerdicts()))),
			results.Number(gain/float64(len(base.configs))))
	}
	per.Notes = append(per.Notes, fmt.Sprintf("Same episodes re-scored under each policy; Δ paired over cases, %d %s resamples. Rank change > 0: the configuration moves up.", o.Resamples, o.Unit()))
	for _, r := range pc.Releases {
		per.Notes = append(per.Notes, r.Policy.String())
	}
	agree.Notes = append(agree.Notes, fmt.Sprintf("τ-b and ρ between each policy's leaderboard (overall ECS) and %s's; intervals resample cases and recompute both leaderboards (%d resamples).", base.Policy.Name, o.Resamples),
		"Episodes passing the baseline but failing: 0 means the policy's success set contains the baseline's, episode by episode.")
	return []*results.Table{per, agree}, nil
}

// policyIntervals are one policy's paired Δ per configuration against the baseline and
// the rank correlations of the two leaderboards.
type policyIntervals struct {
	deltas   []Estimate
	tau, rho Estimate
}

// intervals computes policyIntervals for one policy.
func (pc *PolicyComparison) intervals(r *Release, unit func(*oracle.Verdict) string, index map[string]int, o StatOptions) (*policyIntervals, error) {
	base := pc.Base
	iv := &policyIntervals{}
	if r.Policy.Hash() == base.Policy.Hash() {
		for _, c := range base.configs {
			iv.deltas = append(iv.deltas, Estimate{X: 0, Lo: 0, Hi: 0, Units: len(casesOf(base.mainOf(c)))})
		}
		iv.tau = Estimate{X: 1, Lo: 1, Hi: 1, Units: len(index)}
		iv.rho = iv.tau
		return iv, nil
	}
	pairs := make([]Pair, len(base.configs))
	for j, c := range base.configs {
		pairs[j] = Pair{Arm{r.mainOf(c), ECSOf}, Arm{base.mainOf(c), ECSOf}}
	}
	var err error
	if iv.deltas, err = base.PairedDiffs(pairs, "policies/"+r.Policy.Hash(), o); err != nil {
		return nil, err
	}
	iv.tau, iv.rho, err = pc.rankCorrelation(r, unit, index, o, "policy_ranks/"+r.Policy.Hash())
	return iv, err
}

// lostSuccesses counts episodes that succeed under the baseline but fail under another
// policy. The slices hold the same main-condition episodes in the same order (a release
// scored on the main condition only has the same main verdicts as one scored on all).
func lostSuccesses(base, other []oracle.Verdict) int {
	n := 0
	for i := range base {
		if i < len(other) && base[i].ECS && !other[i].ECS {
			n++
		}
	}
	return n
}

// unitIndex indexes the resampling units of the main episodes.
func (pc *PolicyComparison) unitIndex(o StatOptions) (func(*oracle.Verdict) string, map[string]int) {
	unit := pc.Base.unitKey(o.Clustered)
	index := map[string]int{}
	main := pc.Base.mainVerdicts()
	for i := range main {
		k := unit(&main[i])
		if _, ok := index[k]; !ok {
			index[k] = len(index)
		}
	}
	return unit, index
}

// rankCorrelation bootstraps Kendall τ-b and Spearman ρ between the baseline leaderboard
// and r's.
func (pc *PolicyComparison) rankCorrelation(r *Release, unit func(*oracle.Verdict) string, index map[string]int, o StatOptions, stream string) (Estimate, Estimate, error) {
	nan := Estimate{X: math.NaN(), Lo: math.NaN(), Hi: math.NaN()}
	configs := pc.Base.configs
	if len(configs) < 2 || len(index) < 2 {
		return nan, nan, nil
	}
	var a, b []bootstrap.Ratio
	for _, c := range configs {
		a = append(a, Arm{pc.Base.mainOf(c), ECSOf}.sums(unit, index, nil))
		b = append(b, Arm{r.mainOf(c), ECSOf}.sums(unit, index, nil))
	}
	stat, err := bootstrap.RankCorrelations(a, b)
	if err != nil {
		return nan, nan, err
	}
	opt := o.boot(stream)
	if o.Resamples == 0 {
		out := make([]float64, 2)
		w := make([]float64, len(index))
		for i := range w {
			w[i] = 1
		}
		stat(w, out)
		return Estimate{X: out[0], Lo: math.NaN(), Hi: math.NaN()}, Estimate{X: out[1], Lo: math.NaN(), Hi: math.NaN()}, nil
	}
	res, err := bootstrap.Resample(len(index), stat, 2, opt)
	if err != nil {
		return nan, nan, err
	}
	mk := func(k int) Estimate {
		iv := res.Intervals[k]
		return Estimate{X: res.Estimate[k], Lo: iv.Lo, Hi: iv.Hi, Units: len(index), Fallback: iv.Fallback}
	}
	return mk(0), mk(1), nil
}
